#include "dump/dump_file.hpp"

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "common/memory_budget.hpp"
#include "dump/digest_detection.hpp"
#include "dump/dump_entry_stream.hpp"
#include "dump/flatten.hpp"

namespace msprobe::dump {

namespace {

// A row's text in a dump.json is rarely under 128 bytes (a statistics leaf with
// its name and four numbers is about 250).
constexpr std::uintmax_t kLeastJsonBytesPerRow = 128;

}  // namespace

std::shared_ptr<const std::vector<std::string>> DumpFile::shared_api_names() const {
    if (!shared_api_names_ || shared_api_names_->size() != api_names.size()) {
        shared_api_names_ = std::make_shared<const std::vector<std::string>>(api_names);
    }
    return shared_api_names_;
}

std::filesystem::path DumpFile::tensor_dir() const {
    return std::filesystem::path(path).parent_path() / "dump_tensor_data";
}

DumpFile read_dump_file(const std::filesystem::path& path, Progress* progress) {
    DumpFile dump;
    dump.path = path.string();
    try {
        const InputFile input = InputFile::open(path, InputKind::Json);
        const MemoryReservation reservation = reserve_for_reading(input, kDumpRowsFootprintPerByte);
        dump.is_debug = path.filename() == "debug.json";
        // Capacity never written costs address space, not memory: reserving for the densest
        // dumps spares the copies of a growing vector.
        dump.rows.reserve(static_cast<std::size_t>(input.size() / kLeastJsonBytesPerRow));
        const auto add_entry = [&dump](std::uint32_t index, std::string_view name, JsonView entry) {
            flatten_entry(name, entry, index, dump.path, dump.rows);
            if (!dump.has_digests) {
                dump.has_digests = dump.is_debug ? has_digest_anywhere(entry) : entry_has_digest(entry);
            }
        };
        DumpStreamReading reading;
        reading.progress = progress;
        auto summary = stream_dump_entries(input, DumpTopLevel::DumpLayout, add_entry, reading);
        dump.task = summary.top_string("task");
        dump.level = summary.top_string("level");
        dump.framework = summary.top_string("framework");
        dump.api_names = summary.entry_names.names();
        return dump;
    } catch (...) {
        rethrow_naming(dump.path);
    }
}

}  // namespace msprobe::dump
