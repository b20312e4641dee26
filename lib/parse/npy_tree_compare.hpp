#pragma once
// The .npy branch of msprobe's `vc`: two trees laid out
// <root>/<op_name>/<timestamp>/<file>.npy (what `cad` produces) compared file
// by file into batch_compare_<unix seconds>.csv (BOM, CRLF): means, CRC-32
// equality, max absolute and max relative error.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace msprobe::parse {

// True when the directory holds files, all of them .npy, within depth 5.
// Throws msprobe::Error "No files found in path." for a directory without files.
bool is_npy_tree(const std::filesystem::path& dir);

struct NpyTreeCompare {
    std::filesystem::path csv;           // the file written
    std::size_t rows = 0;
    std::vector<std::string> warnings;   // files one side has and the other not
};

// Every structural or shape/dtype mismatch throws msprobe::Error (exit 2) with
// msprobe's message before anything is written. Default output directory:
// parse_data/batch_compare_result.
NpyTreeCompare compare_npy_trees(const std::filesystem::path& mine, const std::filesystem::path& golden,
                                 const std::optional<std::filesystem::path>& output_dir);

// One CSV row's cells for a pair of .npy files (exposed for tests).
std::vector<std::string> npy_pair_row(const std::filesystem::path& a, const std::filesystem::path& b);

}  // namespace msprobe::parse
