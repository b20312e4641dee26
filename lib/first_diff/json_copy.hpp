#pragma once
// Copies a value read from one of msprobe's JSON files into a Python-style
// JSON writer unchanged: ints stay ints, floats print as Python does, NaN and
// Infinity stay tokens, member order is kept.
#include <string_view>
#include <utility>
#include <vector>

#include "common/python_json_writer.hpp"
#include "dump/json_view.hpp"

namespace msprobe::first_diff {

void copy_json_value(py::JsonWriter& out, dump::JsonView value);

// The op_items rows of one state ("input", "output") by NPU Name, as msprobe
// collects them into a dict: a repeated name keeps its first place, the later row wins.
std::vector<std::pair<std::string_view, dump::JsonView>> rows_of_state(dump::JsonView op_items, std::string_view state);

}  // namespace msprobe::first_diff
