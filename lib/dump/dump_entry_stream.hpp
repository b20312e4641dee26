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
    std::set<std::string, std::less<>> top_null;      // top-level members whose value is null
    Data data = Data::Missing;
    std::vector<std::string> entry_names;  // the keys of "data", in file order
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

inline constexpr std::size_t kDumpStreamBufferBytes = std::size_t{1} << 20;

// Streams `file` through `on_entry`, `buffer_bytes` at a time. Throws
// msprobe::Error naming the file when the text is malformed, too deep or ambiguous.
DumpStreamSummary stream_dump_entries(const InputFile& file, const DumpEntryHandler& on_entry,
                                      std::size_t buffer_bytes = kDumpStreamBufferBytes);

}  // namespace msprobe::dump
