#pragma once
// The non-interactive `msprobe parse`: the mode follows the
// positional arguments — a dump.json/stack.json/.pkl with --api, one tensor
// file, or two tensor files.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "parse/api_query.hpp"
#include "parse/tensor_diff.hpp"

namespace msprobe::parse {

struct ParseOptions {
    std::vector<std::filesystem::path> inputs;
    std::optional<std::string> api;  // --api
    bool prefix = false;             // --prefix
    bool exact = false;              // --exact
    std::optional<std::filesystem::path> stack_path;      // --stack
    std::optional<std::filesystem::path> construct_path;  // --construct
    bool stats_only = false;
    bool stack_only = false;
    bool with_data = false;    // --with-data
    bool json = false;         // --format json
    std::int64_t head = 16;    // --head
    bool txt = false;          // --txt: write <file>.txt beside each tensor (or into output_dir)
    std::optional<std::filesystem::path> output_dir;  // -o
    DiffOptions diff;
};

struct ParseResult {
    int exit_code = 0;
    std::string out;      // for stdout, complete
    std::string message;  // one line for stderr (API not found), or empty
    std::vector<std::string> warnings;  // for the log (also inside the JSON of a diff)
};

// Reads every input before anything is written; throws msprobe::Error (exit 2)
// on bad usage or bad input. Warnings are logged in text mode and carried in
// the JSON ("warnings") in json mode, so stdout stays one JSON document.
ParseResult run_parse(const ParseOptions& options);

// The .txt of `pt`/`cn -s` for `tensor_file`, written all-or-nothing unless the
// target exists. Returns the target path and whether it was written.
struct SavedText {
    std::filesystem::path path;
    bool written = false;
};
SavedText save_values_text(const std::filesystem::path& tensor_file, const std::vector<double>& values,
                                       const std::vector<std::int64_t>& shape,
                       const std::optional<std::filesystem::path>& output_dir = std::nullopt);

// msprobe's log line for a .txt that was not written because it exists.
std::string exists_message(const std::filesystem::path& target);

}  // namespace msprobe::parse
