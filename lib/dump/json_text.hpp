#pragma once
// A JSON value written back as compact text (no spaces, member order kept,
// NaN/Infinity spelled as Python's json module spells them). Lets code outside
// lib/dump build a document from parts of another without the parser's types.
#include <cstdint>
#include <string>
#include <string_view>

#include "dump/json_view.hpp"

namespace msprobe::dump {

// How an object that names a member twice is written.
enum class RepeatedMembers : std::uint8_t {
    AsWritten,  // every member, as the file has them
    AsPythonReads,  // each name once, at its first place with its last value, as Python's json reads it
};

// The text of `value`; "null" for an empty view.
std::string compact_json(JsonView value, RepeatedMembers repeated = RepeatedMembers::AsWritten);

// `text` as a JSON string literal, quotes included.
std::string json_string_literal(std::string_view text);

}  // namespace msprobe::dump
