#pragma once
// Python's str()/repr() of a value loaded from msprobe's JSON, as msprobe
// renders scalar arguments into cells and into their CRC-32 digests.
#include <string>

#include <rapidjson/fwd.h>

#include "dump/json_view.hpp"

namespace msprobe::dump {

// str(v): ints plain, floats shortest round trip, True/False/None, a top-level
// string as itself, containers with repr'd elements ("[1, 'a', None]").
std::string python_str(const rapidjson::Value& value);
// The same through a view; an absent value reads as None.
std::string python_str(JsonView value);

// repr(v): like str(v) but a string is quoted.
std::string python_repr(const rapidjson::Value& value);

// Python type name text of a JSON value: "<class 'int'>", "<class 'NoneType'>", ...
std::string python_type_text(const rapidjson::Value& value);

// numpy.shape(v) rendered as a tuple: "(3,)", "(2, 2)", "()".
std::string numpy_shape_text(const rapidjson::Value& value);

// bool(v): false for null, false, 0, "", [] and {}.
bool python_truthy(const rapidjson::Value& value);

// A JSON number as Python would print it (int or float).
std::string python_number_text(const rapidjson::Value& value);

}  // namespace msprobe::dump
