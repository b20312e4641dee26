#pragma once
// Reads a dump.json (or debug.json) entry by entry without holding the file:
// the text passes through a fixed buffer and only the entry in hand is built
// as a JSON value, handed on, then dropped. Memory stays bounded by the
// largest entry and what the caller keeps, whatever the file's size.
//
// The checks are JsonFile's: msprobe's dialect, well-formed UTF-8, at most
// kMaxJsonDepth levels, no name twice in an object of the first three levels
// (the top level, "data", and each entry's members).
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "common/input_file.hpp"
#include "common/name_table.hpp"
#include "common/progress.hpp"
#include "dump/json_view.hpp"

namespace msprobe::dump {

struct DumpStreamSummary {
    enum class Data : std::uint8_t { Missing, NotObject, Object };

    bool top_is_object = false;
    std::map<std::string, std::string, std::less<>> top_strings;  // top-level members whose value is a string
    std::set<std::string, std::less<>> top_non_null;              // top-level members whose value is not null
    std::set<std::string, std::less<>> top_null;                  // top-level members whose value is null
    Data data = Data::Missing;
    NameTable entry_names;  // the keys of "data", in file order

    // A top-level string member, or "" when absent or not a string.
    std::string top_string(std::string_view key) const;
};

// What the top level of the file must be.
enum class DumpTopLevel : std::uint8_t {
    Any,     // anything: a reader of older formats decides what a file without "data" is
    Object,  // an object
    // What makes a dump.json, checked in msprobe's order: an object, 'task' a non-empty string, 'data' an object.
    DumpLayout,
};

// Called for each member of "data": its position, its key and its value, which is valid during the call only.
using DumpEntryHandler = std::function<void(std::uint32_t index, std::string_view name, JsonView entry)>;

inline constexpr std::size_t kDumpStreamBufferBytes = std::size_t{1} << 20;
// A file up to this size is read whole and parsed in place: a plain memory stream, whose whitespace RapidJSON
// skips many bytes at a time, parses a dump several times faster than the chunked one.
inline constexpr std::size_t kDumpWholeFileBytes = std::size_t{64} << 20;

// How a file is read: whole when it has at most `whole_file_bytes`, else through a buffer of `buffer_bytes`.
// Either way memory stays bounded: by the larger of the two.
struct DumpStreamReading {
    std::size_t whole_file_bytes = kDumpWholeFileBytes;
    std::size_t buffer_bytes = kDumpStreamBufferBytes;
    // Advanced by the MiB parsed as entries are handed on, to the file's size in MiB rounded up once it is read
    // (dump_mib); null for none. Several files read at once may share one.
    Progress* progress = nullptr;
};

// What a file of `bytes` counts on a DumpStreamReading's progress.
inline std::int64_t dump_mib(std::uintmax_t bytes) { return static_cast<std::int64_t>((bytes + (1U << 20) - 1) >> 20); }

// The one progress line of dump files read at once ("Reading dumps"): their MiB, as DumpStreamReading counts
// them; a file that cannot be sized counts none (reading it says why). Drawn when `wanted` and stderr is a
// terminal.
class DumpReadingProgress : public Progress {
public:
    DumpReadingProgress(std::initializer_list<std::filesystem::path> files, bool wanted);
};

// Streams `file` through `on_entry`, read as `reading` says. Throws
// msprobe::Error naming the file when the text is malformed, too deep or
// ambiguous, then when its top level is not what `top_level` asks, then the
// first exception `on_entry` threw (no entry is handed on after it): a file's
// own faults are reported before what a reader made of its entries.
DumpStreamSummary stream_dump_entries(const InputFile& file, DumpTopLevel top_level, const DumpEntryHandler& on_entry,
                                      DumpStreamReading reading = {});

}  // namespace msprobe::dump
