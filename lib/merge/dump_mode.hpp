#pragma once
// Which compare mode a result comes from, told by its exact header, and the
// compare indices merge_result can take from it.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compare/compare_mode.hpp"

namespace msprobe::merge {

// Exact match of msprobe's result headers: the workbook's or the verdict
// table's (with or without NPU_Stack_Info); nullopt for any other header.
std::optional<compare::CompareMode> detect_dump_mode(const std::vector<std::string>& header);

// The mergeable indices of a mode, in msprobe's default order; empty for md5 and an unknown header.
const std::vector<std::string>& valid_compare_indices(std::optional<compare::CompareMode> mode);

// The dump task a mode compares, as merge_result's messages name it: "tensor",
// "statistics", "md5", or "unknown".
std::string_view dump_mode_name(std::optional<compare::CompareMode> mode);

}  // namespace msprobe::merge
