#pragma once
// `parse <dump.json|stack.json> --api NAME`: the recorded
// arguments and statistics of the selected entries, the module chain from
// construct.json and the call stack from stack.json, as terminal text or JSON.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "parse/api_query.hpp"

namespace msprobe::parse {

struct EntryReportOptions {
    std::filesystem::path file;                          // dump.json (or debug.json) or stack.json
    ApiQuery query;
    std::optional<std::filesystem::path> stack_path;     // default: stack.json beside a dump.json
    std::optional<std::filesystem::path> construct_path; // default: construct.json beside a dump.json
    bool stats_only = false;
    bool stack_only = false;
    bool json = false;
    bool with_data = false;  // --with-data: the summary of every tensor file the entries name
    std::int64_t head = 16;  // values shown per tensor file
};

struct EntryReport {
    bool found = false;
    std::string output;             // text or JSON, complete
    std::string not_found_message;  // when !found
};

// Throws msprobe::Error (exit 2) on unreadable or malformed files.
EntryReport report_entries(const EntryReportOptions& options);

}  // namespace msprobe::parse
