#include "common/yaml_scalar_kind.hpp"

#include <algorithm>
#include <array>

namespace msprobe::py {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_digit_or_underscore(char c) { return is_digit(c) || c == '_'; }
bool is_octal_or_underscore(char c) { return (c >= '0' && c <= '7') || c == '_'; }
bool is_binary_or_underscore(char c) { return c == '0' || c == '1' || c == '_'; }
bool is_hex_or_underscore(char c) {
    return is_digit_or_underscore(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// Drops the leading characters that satisfy `pred`; returns how many.
template <typename Pred>
std::size_t skip(std::string_view& text, Pred pred) {
    std::size_t n = 0;
    while (n < text.size() && pred(text[n])) ++n;
    text.remove_prefix(n);
    return n;
}

template <typename Pred>
bool all_of_nonempty(std::string_view text, Pred pred) {
    return !text.empty() && std::all_of(text.begin(), text.end(), pred);
}

bool one_of(std::string_view text, std::initializer_list<std::string_view> spellings) {
    return std::find(spellings.begin(), spellings.end(), text) != spellings.end();
}

// `(:[0-5]?[0-9])+`, consuming as many groups as there are.
bool skip_sexagesimal_groups(std::string_view& text) {
    std::size_t groups = 0;
    while (!text.empty() && text[0] == ':') {
        text.remove_prefix(1);
        std::string_view digits = text;
        const std::size_t n = skip(text, is_digit);
        if (n == 0 || n > 2 || (n == 2 && digits[0] > '5')) return false;
        ++groups;
    }
    return groups > 0;
}

// `([eE][-+][0-9]+)?` to the end.
bool exponent_to_end(std::string_view text) {
    if (text.empty()) return true;
    return text.size() >= 3 && (text[0] == 'e' || text[0] == 'E') && (text[1] == '-' || text[1] == '+') &&
           all_of_nonempty(text.substr(2), is_digit);
}

// `[-+]?(0b[0-1_]+|0[0-7_]+|(0|[1-9][0-9_]*)|0x[0-9a-fA-F_]+|[1-9][0-9_]*(:[0-5]?[0-9])+)`
bool is_int(std::string_view text) {
    if (!text.empty() && (text[0] == '-' || text[0] == '+')) text.remove_prefix(1);
    if (text.empty() || !is_digit(text[0])) return false;
    if (text.starts_with("0b")) return all_of_nonempty(text.substr(2), is_binary_or_underscore);
    if (text.starts_with("0x")) return all_of_nonempty(text.substr(2), is_hex_or_underscore);
    if (text[0] == '0') return text.size() == 1 || all_of_nonempty(text.substr(1), is_octal_or_underscore);
    text.remove_prefix(1);
    skip(text, is_digit_or_underscore);
    return text.empty() || (skip_sexagesimal_groups(text) && text.empty());
}

// `[-+]?[0-9][0-9_]*\.[0-9_]*([eE][-+][0-9]+)?` | `\.[0-9_]+([eE][-+][0-9]+)?` |
// `[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]*` | `[-+]?\.(inf|Inf|INF)` | `\.(nan|NaN|NAN)`
bool is_float(std::string_view text) {
    if (one_of(text, {".nan", ".NaN", ".NAN"})) return true;
    const bool signed_ = !text.empty() && (text[0] == '-' || text[0] == '+');
    if (signed_) text.remove_prefix(1);
    if (one_of(text, {".inf", ".Inf", ".INF"})) return true;
    if (text.empty()) return false;
    if (text[0] == '.') {
        text.remove_prefix(1);
        return !signed_ && skip(text, is_digit_or_underscore) > 0 && exponent_to_end(text);
    }
    if (!is_digit(text[0])) return false;
    text.remove_prefix(1);
    skip(text, is_digit_or_underscore);
    if (!text.empty() && text[0] == '.') {
        text.remove_prefix(1);
        skip(text, is_digit_or_underscore);
        return exponent_to_end(text);
    }
    if (!skip_sexagesimal_groups(text) || text.empty() || text[0] != '.') return false;
    text.remove_prefix(1);
    skip(text, is_digit_or_underscore);
    return text.empty();
}

}  // namespace

ScalarKind plain_scalar_kind(std::string_view text) {
    if (one_of(text, {"~", "null", "Null", "NULL", ""})) return ScalarKind::Null;
    if (one_of(text, {"yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE", "on",
                      "On", "ON", "off", "Off", "OFF"})) {
        return ScalarKind::Bool;
    }
    if (is_int(text) || is_float(text)) return ScalarKind::Number;
    return ScalarKind::String;
}

}  // namespace msprobe::py
