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
#include <exception>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/fwd.h>

#include "common/input_file.hpp"

namespace msprobe::dump {

struct DumpStreamSummary {
    enum class Data : std::uint8_t { Missing, NotObject, Object };

    bool top_is_object = false;
    std::map<std::string, std::string, std::less<>> top_strings;  // top-level members whose value is a string
    std::set<std::string, std::less<>> top_non_null;  // top-level members whose value is not null
    Data data = Data::Missing;
    std::vector<std::string> entry_names;  // the keys of "data", in file order
    std::uint64_t data_offset = 0;  // file offset just after the '{' of "data"
    // The first exception the entry handler threw; no entry was handed on after
    // it. The caller rethrows it once it has checked the top level, so a file's
    // own faults are reported before what a reader made of its entries.
    std::exception_ptr entry_error;

    // A top-level string member, or "" when absent or not a string.
    std::string top_string(std::string_view key) const;
};

// What makes a dump.json, checked in msprobe's order: the top level is an
// object, 'task' a non-empty string, 'data' an object. Throws msprobe::Error naming `path`.
void require_dump_layout(const DumpStreamSummary& summary, const std::string& path);

// Called for each member of "data": its position, its key and its value.
using DumpEntryHandler = std::function<void(std::uint32_t index, std::string_view name, const rapidjson::Value& entry)>;

// The same, with where the entry ends: the file offset just after its value.
// Entry i's text is the bytes from the end of entry i - 1 (for the first, from
// DumpStreamSummary::data_offset) to its own end: a separating comma, its key
// and its value, which parse_located_entries reads back later.
using LocatedDumpEntryHandler = std::function<void(std::uint32_t index, std::string_view name,
                                                   const rapidjson::Value& entry, std::uint64_t end_offset)>;

inline constexpr std::size_t kDumpStreamBufferBytes = std::size_t{1} << 20;

// Streams `file` through `on_entry`, `buffer_bytes` at a time. Throws
// msprobe::Error naming the file when the text is malformed, too deep or ambiguous.
DumpStreamSummary stream_dump_entries(const InputFile& file, const DumpEntryHandler& on_entry,
                                      std::size_t buffer_bytes = kDumpStreamBufferBytes);
DumpStreamSummary stream_located_dump_entries(const InputFile& file, const LocatedDumpEntryHandler& on_entry,
                                              std::size_t buffer_bytes = kDumpStreamBufferBytes);

// Reads back consecutive entries located by stream_located_dump_entries: `text`
// is the file's bytes from the start of the first to the end of the last.
// Throws msprobe::Error naming `path` when the text is not such entries (the
// file changed after it was streamed).
void parse_located_entries(std::string_view text, const std::string& path,
                           const std::function<void(std::string_view name, const rapidjson::Value& entry)>& on_entry);

}  // namespace msprobe::dump
