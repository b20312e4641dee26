#include "dump/located_dump.hpp"

#include <algorithm>
#include <functional>
#include <stdexcept>

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

NameDigest name_digest(std::string_view name) { return {std::hash<std::string_view>{}(name), fnv1a_mixed(name)}; }

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
    const std::size_t rows_before = into.rows.size();
    spill->read(first == 0 ? 0 : entry_spill_end[first - 1], entry_spill_end[last - 1], into);
    if (into.rows.size() - rows_before != entry_first_row[last] - entry_first_row[first]) {
        throw std::logic_error("a row spill gave back other rows than were located");
    }
}

LocatedDump locate_dump(const std::filesystem::path& path, Progress* progress) {
    LocatedDump dump;
    dump.header.path = path.string();
    try {
        const InputFile input = InputFile::open(path, InputKind::Json);
        // 32 bytes a row of at least 128 bytes of text: at most a quarter of the file, reserved as the whole.
        const MemoryReservation reservation = reserve_for_reading(input, 1);
        dump.rows.reserve(static_cast<std::size_t>(input.size() / 128));  // address space, not memory, until used
        auto spill = std::make_shared<RowSpill>();
        std::vector<DumpRow> scratch;
        const auto locate_entry = [&](std::uint32_t index, std::string_view name, JsonView entry) {
            scratch.clear();
            flatten_entry(name, entry, index, dump.header.path, scratch);
            dump.entry_first_row.push_back(static_cast<std::uint32_t>(dump.rows.size()));
            dump.entry_spill_end.push_back(spill->append(name, scratch));
            for (const DumpRow& row : scratch) {
                dump.rows.push_back({name_digest(row.name), row.shape, row.dtype});
                if (!dump.has_torch_dtype && is_torch_dtype(row.dtype)) dump.has_torch_dtype = true;
            }
            if (!dump.header.has_digests) dump.header.has_digests = entry_has_digest(entry);
        };
        DumpStreamReading reading;
        reading.progress = progress;
        const auto summary = stream_dump_entries(input, DumpTopLevel::DumpLayout, locate_entry, reading);
        dump.header.task = summary.top_string("task");
        dump.header.level = summary.top_string("level");
        dump.header.framework = summary.top_string("framework");
        dump.entry_first_row.push_back(static_cast<std::uint32_t>(dump.rows.size()));
        spill->flush();
        dump.spill = std::move(spill);
        return dump;
    } catch (...) {
        rethrow_naming(dump.header.path);
    }
}

}  // namespace msprobe::dump
