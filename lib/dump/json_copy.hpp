#pragma once
// Copies a value read from one of msprobe's JSON files into a Python-style
// JSON writer unchanged: ints stay ints, floats print as Python does, NaN and
// Infinity stay tokens, member order is kept.
#include "common/python_json_writer.hpp"
#include "dump/json_view.hpp"

namespace msprobe::dump {

void copy_json_value(py::JsonWriter& out, JsonView value);

}  // namespace msprobe::dump
