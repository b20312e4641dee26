#pragma once
// A JSON value written back as compact text (no spaces, member order kept,
// NaN/Infinity spelled as Python's json module spells them). Lets code outside
// lib/dump copy or fingerprint parts of a dump without the parser's types.
#include <initializer_list>
#include <string>
#include <string_view>

#include "dump/json_view.hpp"

namespace msprobe::dump {

// The text of `value`; "null" for an empty view. When `value` is an object,
// its members named in `omitted` are left out (only at that top level).
std::string compact_json(JsonView value, std::initializer_list<std::string_view> omitted = {});

// `text` as a JSON string literal, quotes included.
std::string json_string_literal(std::string_view text);

}  // namespace msprobe::dump
