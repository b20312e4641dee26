#include "dump/dump_entry_stream.hpp"

#include <system_error>

#include "dump/entry_stream_walker.hpp"
#include "dump/json_value_builder.hpp"

namespace msprobe::dump {

namespace {

// Builds each entry whole, with JsonValueBuilder, and hands the value on.
class EntryValueConsumer : public JsonValueBuilder {
public:
    explicit EntryValueConsumer(const DumpEntryHandler& on_entry) : on_entry_(on_entry) {}

    void begin(std::uint32_t, std::string_view, bool) {}
    void hand_on(std::uint32_t index, std::string_view name) { on_entry_(index, name, value()); }

private:
    const DumpEntryHandler& on_entry_;
};

// The MiB of `files`, those that can be sized.
std::int64_t files_mib(std::initializer_list<std::filesystem::path> files) {
    std::int64_t mib = 0;
    for (const std::filesystem::path& file : files) {
        std::error_code error;
        const std::uintmax_t bytes = std::filesystem::file_size(file, error);
        if (!error) mib += dump_mib(bytes);
    }
    return mib;
}

}  // namespace

DumpReadingProgress::DumpReadingProgress(std::initializer_list<std::filesystem::path> files, bool wanted)
    : Progress("Reading dumps", files_mib(files), wanted, "MiB") {}

std::string DumpStreamSummary::top_string(std::string_view key) const {
    const auto it = top_strings.find(key);
    return it == top_strings.end() ? std::string() : it->second;
}

void require_dump_top_level(const DumpStreamSummary& summary, DumpTopLevel top_level, const std::string& path) {
    if (top_level == DumpTopLevel::Any) return;
    if (!summary.top_is_object) throw Error(path, "the top level is not a JSON object");
    if (top_level != DumpTopLevel::DumpLayout) return;
    if (summary.top_string("task").empty()) throw Error(path, "'task' is missing or empty");
    if (summary.data == DumpStreamSummary::Data::Missing) throw Error(path, "'data' is missing");
    if (summary.data == DumpStreamSummary::Data::NotObject) throw Error(path, "'data' is not a JSON object");
}

DumpStreamSummary stream_dump_entries(const InputFile& file, DumpTopLevel top_level, const DumpEntryHandler& on_entry,
                                      DumpStreamReading reading) {
    EntryValueConsumer consumer(on_entry);
    return walk_dump_entries(file, top_level, consumer, reading);
}

}  // namespace msprobe::dump
