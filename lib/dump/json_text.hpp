#pragma once
// A JSON value written back as compact text (no spaces, member order kept,
// NaN/Infinity spelled as Python's json module spells them). Lets code outside
// lib/dump build a document from parts of another without the parser's types.
#include <string>
#include <string_view>

#include "dump/json_view.hpp"

namespace msprobe::dump {

// The text of `value`; "null" for an empty view.
std::string compact_json(JsonView value);

// `text` as a JSON string literal, quotes included.
std::string json_string_literal(std::string_view text);

}  // namespace msprobe::dump
