#include "dump/located_dump.hpp"

#include <algorithm>
#include <functional>

#include <rapidjson/document.h>

#include "common/error.hpp"
#include "common/memory_budget.hpp"
#include "dump/digest_detection.hpp"
#include "dump/dump_entry_stream.hpp"
#include "dump/flatten.hpp"

namespace msprobe::dump {

namespace {

// FNV-1a with a final mix: independent of std::hash, so the pair makes 128 bits.
std::uint64_t fnv1a_mixed(std::string_view text) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const unsigned char c : text) {
        h ^= c;
        h *= 0x100000001b3ULL;
    }
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h;
}

bool is_torch_dtype(std::string_view dtype) { return dtype.rfind("torch.", 0) == 0; }

}  // namespace

NameDigest name_digest(std::string_view name) {
    return {std::hash<std::string_view>{}(name), fnv1a_mixed(name)};
}

std::uint32_t LocatedDump::entry_of_row(std::uint32_t row) const {
    const auto it = std::upper_bound(entry_first_row.begin(), entry_first_row.end(), row);
    return static_cast<std::uint32_t>(it - entry_first_row.begin() - 1);
}

void LocatedDump::read_back(std::uint32_t first, std::uint32_t last, DumpFile& into) const {
    into.path = header.path;
    into.task = header.task;
    into.level = header.level;
    into.framework = header.framework;
    into.has_digests = header.has_digests;
    if (first >= last) return;
    const std::uint64_t begin = first == 0 ? data_offset : entry_end[first - 1];
    const std::uint64_t end = entry_end[last - 1];
    std::string text(end - begin, '\0');
    file->read_at(begin, text.data(), end - begin);
    const auto changed = [&] {
        return Error(header.path, "changed while it was being compared: an entry read back is not what was read before");
    };
    std::uint32_t entry = first;
    const std::size_t first_local_row = into.rows.size();
    parse_located_entries(text, header.path, [&](std::string_view name, const rapidjson::Value& value) {
        if (entry >= last) throw changed();
        const auto local_index = static_cast<std::uint32_t>(into.api_names.size());
        const std::size_t before = into.rows.size();
        flatten_entry(name, value, local_index, header.path, into.rows);
        into.api_names.emplace_back(name);
        if (into.rows.size() - before != entry_first_row[entry + 1] - entry_first_row[entry]) throw changed();
        ++entry;
    });
    if (entry != last) throw changed();
    for (std::size_t i = first_local_row; i < into.rows.size(); ++i) {
        const RowKey& key = rows[entry_first_row[first] + (i - first_local_row)];
        if (!(key.name == name_digest(into.rows[i].name))) throw changed();
    }
}

LocatedDump locate_dump(const std::filesystem::path& path) {
    LocatedDump dump;
    dump.header.path = path.string();
    try {
        auto input = std::make_shared<const InputFile>(InputFile::open(path, InputKind::Json));
        // 32 bytes a row of at least 128 bytes of text: at most a quarter of the file, reserved as the whole.
        const MemoryReservation reservation = reserve_for_reading(*input, 1);
        dump.rows.reserve(static_cast<std::size_t>(input->size() / 128));  // address space, not memory, until used
        std::vector<DumpRow> scratch;
        auto summary = stream_located_dump_entries(
            *input, [&](std::uint32_t index, std::string_view name, const rapidjson::Value& entry, std::uint64_t end) {
                scratch.clear();
                flatten_entry(name, entry, index, dump.header.path, scratch);
                dump.entry_first_row.push_back(static_cast<std::uint32_t>(dump.rows.size()));
                dump.entry_end.push_back(end);
                for (const DumpRow& row : scratch) {
                    dump.rows.push_back({name_digest(row.name), row.shape, row.dtype});
                    if (!dump.has_torch_dtype && is_torch_dtype(row.dtype)) dump.has_torch_dtype = true;
                }
                if (!dump.header.has_digests) dump.header.has_digests = entry_has_digest(entry);
            });
        require_dump_layout(summary, dump.header.path);
        dump.header.task = summary.top_string("task");
        dump.header.level = summary.top_string("level");
        dump.header.framework = summary.top_string("framework");
        if (summary.entry_error) std::rethrow_exception(summary.entry_error);
        dump.entry_first_row.push_back(static_cast<std::uint32_t>(dump.rows.size()));
        dump.data_offset = summary.data_offset;
        dump.file = std::move(input);
        return dump;
    } catch (...) {
        rethrow_naming(dump.header.path);
    }
}

}  // namespace msprobe::dump
