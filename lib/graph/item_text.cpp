#include "graph/item_text.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "common/python_text.hpp"
#include "dump/python_value.hpp"

namespace msprobe::graph {

namespace {

// Python's round(x, 6) as text: the correctly rounded decimal, read back.
double round6(double value) {
    char buffer[400];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, 6).ptr;
    double rounded = 0;
    std::from_chars(buffer, end, rounded);
    return rounded;
}

bool all_digits(std::string_view text) {
    return std::all_of(text.begin(), text.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// The length of the fraction of "<1-20 digits>.<1-20 digits>[%]", 0 when the text is not one.
std::size_t decimal_fraction_length(std::string_view text) {
    if (!text.empty() && text.back() == '%') text.remove_suffix(1);
    const auto dot = text.find('.');
    if (dot == std::string_view::npos) return 0;
    const std::string_view whole = text.substr(0, dot), fraction = text.substr(dot + 1);
    if (whole.empty() || whole.size() > 20 || fraction.empty() || fraction.size() > 20) return 0;
    return all_digits(whole) && all_digits(fraction) ? fraction.size() : 0;
}

// printf("%.6f", value) into `buffer` (at least 32 bytes) for 1e-3 <= |value| < 1e9, made from the integer count of
// millionths: value * 1e6 is below 2^50, so the product is within 1/16 of the exact one, and away from a tie
// rounding either gives the same integer. Returns the text's end, or nullptr near a tie (or for 0).
char* fixed6_millionths(double value, char* buffer) {
    const double scaled = std::fabs(value) * 1e6;
    if (value == 0 || std::fabs(scaled - std::floor(scaled) - 0.5) <= 0.1) return nullptr;
    const auto millionths = static_cast<std::uint64_t>(std::nearbyint(scaled));
    char* end = buffer;
    if (value < 0) *end++ = '-';
    end = std::to_chars(end, buffer + 32, millionths / 1000000).ptr;
    *end++ = '.';
    std::uint64_t fraction = millionths % 1000000;
    for (int digit = 5; digit >= 0; --digit, fraction /= 10) end[digit] = static_cast<char>('0' + fraction % 10);
    return end + 6;
}

}  // namespace

std::string float_text(double value, bool round) {
    if (!round) return py::float_repr(value);
    // Below 1e9 the 6-decimal text has at most 15 significant digits, so it is
    // the shortest text of its own double: repr(round(x, 6)) is that text
    // without trailing zeros, and one conversion makes it, not three.
    if (const double magnitude = std::fabs(value); value == 0 || (magnitude >= 1e-3 && magnitude < 1e9)) {
        char buffer[32];
        char* end = fixed6_millionths(value, buffer);
        if (end == nullptr) end = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, 6).ptr;
        while (end[-1] == '0' && end[-2] != '.') --end;
        return std::string(buffer, end);
    }
    // repr() switches to an exponent below 1e-4 and from 1e16 on; inside this
    // range it surely does not, and the shortest repr need not be made twice.
    const double magnitude = std::fabs(value);
    const bool plain = value == 0 || (magnitude >= 1e-3 && magnitude < 1e15);
    if (!plain) {
        const std::string shortest = py::float_repr(value);
        if (!std::isfinite(value)) return shortest;
        if (shortest.find('e') != std::string::npos) {
            char buffer[64];
            std::snprintf(buffer, sizeof buffer, "%.6e", value);
            return buffer;
        }
    }
    return py::float_repr(round6(value));
}

bool string_text_unchanged(std::string_view text) {
    return text.find('\'') == std::string_view::npos && text.find("None") == std::string_view::npos &&
           decimal_fraction_length(text) <= 6;
}

std::string string_text(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        if (c != '\'') out += c;
    }
    for (std::size_t at = 0; (at = out.find("None", at)) != std::string::npos; at += 4) out.replace(at, 4, "null");
    if (decimal_fraction_length(out) > 6) {
        // "%.6f" of the text's double: from_chars and to_chars are exact as strtod and printf are.
        const bool percent = out.back() == '%';
        double value = 0;
        std::from_chars(out.data(), out.data() + out.size() - (percent ? 1 : 0), value);
        char buffer[64];
        char* end = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, 6).ptr;
        if (percent) *end++ = '%';
        out.assign(buffer, end);
    }
    return out;
}

std::string value_text(dump::JsonView value, bool round) {
    if (value.is_null()) return "null";
    if (const auto text = value.string()) return string_text(*text);
    if (value.is_double()) return float_text(*value.number(), round);
    return dump::python_str(value);
}

std::string stat_text(const dump::StatValue& value, bool round) {
    switch (value.kind) {
        case dump::StatValue::Kind::Null: return "null";
        case dump::StatValue::Kind::Bool: return value.boolean ? "True" : "False";
        case dump::StatValue::Kind::Text: return string_text(value.text());
        case dump::StatValue::Kind::Number:
            return value.integer ? std::to_string(static_cast<long long>(value.number))
                                 : float_text(value.number, round);
    }
    return "null";
}

bool is_float_value(dump::JsonView value) { return value.is_double(); }

bool is_float_stat(const dump::StatValue& value) {
    return value.kind == dump::StatValue::Kind::Number && !value.integer;
}

void add_text_field(ItemFields& fields, std::string_view key, std::string_view text) {
    if (string_text_unchanged(text))
        fields.add(key, text);
    else
        fields.add(key, string_text(text));
}

void add_stat_field(ItemFields& fields, std::string_view key, const dump::StatValue& value) {
    if (is_float_stat(value))
        fields.add_float(key, value.number);
    else if (value.kind == dump::StatValue::Kind::Text)
        add_text_field(fields, key, value.text());  // nearly every relative error ("12.5%"): no copy
    else
        fields.add(key, stat_text(value));
}

void set_stat_field(ItemFields& fields, std::string_view key, const dump::StatValue& value) {
    const std::string text = is_float_stat(value) ? std::string() : stat_text(value);
    fields.set(key, is_float_stat(value) ? FieldValue{{}, true, value.number} : FieldValue{text, false, 0});
}

}  // namespace msprobe::graph
