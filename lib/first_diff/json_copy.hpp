#pragma once
// The op_items rows of one state of msprobe's analysis files; values are
// copied unchanged through dump's copy_json_value.
#include <string_view>
#include <utility>
#include <vector>

#include "dump/json_copy.hpp"
#include "dump/json_view.hpp"

namespace msprobe::first_diff {

using dump::copy_json_value;

// The op_items rows of one state ("input", "output") by NPU Name, as msprobe
// collects them into a dict: a repeated name keeps its first place, the later row wins.
std::vector<std::pair<std::string_view, dump::JsonView>> rows_of_state(dump::JsonView op_items, std::string_view state);

}  // namespace msprobe::first_diff
