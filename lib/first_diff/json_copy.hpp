#pragma once
// Copies a value read from one of msprobe's JSON files into a Python-style
// JSON writer unchanged: ints stay ints, floats print as Python does, NaN and
// Infinity stay tokens, member order is kept.
#include <rapidjson/document.h>

#include "common/python_json_writer.hpp"

namespace msprobe::first_diff {

void copy_json_value(py::JsonWriter& out, const rapidjson::Value& value);

// The member `key` of an object, or null when absent (or not an object).
const rapidjson::Value* json_member(const rapidjson::Value& object, const char* key);

}  // namespace msprobe::first_diff
