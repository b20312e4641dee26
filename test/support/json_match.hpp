#pragma once
// Two JSON files compared as parsed values, as msprobe's files are read
// (NaN and Infinity tokens allowed): keys in order, texts, booleans and nulls
// exactly, numbers to a relative tolerance (NaN equal to NaN), with a
// readable list of the differences.
#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace msprobe::testing {

// Empty when the files hold the same values.
std::vector<std::string> json_file_differences(const std::filesystem::path& ours, const std::filesystem::path& expected,
                                               double relative_tolerance = 1e-6, std::size_t max_reports = 20);

}  // namespace msprobe::testing
