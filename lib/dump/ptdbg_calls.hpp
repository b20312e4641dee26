#pragma once
// ptdbg_ascend's ".pkl" dump: despite the name a text
// file of JSON arrays, one record per line. Records are grouped into API calls
// by their API prefix ("Functional_linear_0_forward"), which holds whichever
// side of the data records a stack record is written on.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace msprobe::dump {

// One tensor or scalar record, its texts rendered as ptdbg's CSV shows them
// (pandas writing Python values: floats shortest round trip, NaN empty).
struct PklRecord {
    std::string name;        // "Functional_linear_0_forward_input.0"
    std::string dtype;       // "torch.float32", "<class 'int'>"
    std::string shape_text;  // "[3, 2]", "[]"
    bool summary_valid = false;           // dump flag <= 100
    std::vector<std::string> statistics;  // max, min, mean (a fourth, the norm, is dropped)
    std::size_t line = 0;                 // 1-based line in the file
};

struct PklApi {
    std::string prefix;                     // "Functional_linear_0_forward"
    std::vector<PklRecord> records;         // inputs then outputs, as dumped
    std::optional<std::string> stack_text;  // Python rendering of the stack record's frames list
};

struct PklFile {
    std::filesystem::path path;
    std::vector<PklApi> apis;
    // ptdbg's test on the first record: an integer dump flag <= 100 means the
    // file carries max/min/mean columns.
    bool has_summary = false;
};

// Throws msprobe::Error (exit 2) naming the file and line for anything that
// is not a ptdbg record.
PklFile read_pkl_file(const std::filesystem::path& path);

// The API prefix of a record name: everything up to the last "_forward" or
// "_backward" that is followed by "_"; names without one are their own prefix.
std::string api_prefix(const std::string& record_name);

}  // namespace msprobe::dump
