#pragma once
// Texts read into PyValues: Python literals as ast.literal_eval reads them
// (numbers, strings, bytes, None/True/False, tuples, lists, sets, dicts, signed
// numbers, comments and line breaks inside brackets) and JSON as json.loads
// reads it (NaN and Infinity included, later duplicate keys winning).
#include <optional>
#include <string>
#include <string_view>

#include "verl_config/python_value.hpp"

namespace msprobe::verl_config {

struct LiteralError {
    std::string message;
};

// nullopt with the reason in `error` when Python would raise.
std::optional<PyValue> parse_python_literal(std::string_view text, LiteralError* error = nullptr);
std::optional<PyValue> parse_json_text(std::string_view text, LiteralError* error = nullptr);

// Whether ast.parse(text, mode='eval') accepts the text, for the expressions a
// config print holds: literals, names and signed numbers inside brackets.
bool is_python_expression(std::string_view text);

}  // namespace msprobe::verl_config
