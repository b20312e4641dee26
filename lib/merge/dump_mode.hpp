#pragma once
// Which dump task a compare result comes from, told by its exact header, and
// the compare indices merge_result can take from it.
#include <string>
#include <string_view>
#include <vector>

namespace msprobe::merge {

enum class DumpMode { Tensor, Statistics, Md5, Unknown };

// Exact match of msprobe's result headers, April's or August's (with or without NPU_Stack_Info).
DumpMode detect_dump_mode(const std::vector<std::string>& header);

// The mergeable indices of a mode, in msprobe's default order; empty for md5 and unknown.
const std::vector<std::string>& valid_compare_indices(DumpMode mode);

std::string_view dump_mode_name(DumpMode mode);

}  // namespace msprobe::merge
