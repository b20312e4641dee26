#include "common/python_text.hpp"

#include <zlib.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace msprobe::py {

namespace {

// Python's float formatting rule applied to shortest round-trip digits given in scientific form
// ("-d.ddde±xx" as std::to_chars writes them), written at `out` (room for 32 characters); returns the end.
// Called for every float cell a compare or a graph writes: no allocation.
char* python_layout(std::string_view sci, char* out) {
    if (sci.front() == '-') {
        *out++ = '-';
        sci.remove_prefix(1);
    }
    const std::size_t e_pos = sci.find('e');
    char digits[24];
    int n = 0;
    for (const char c : sci.substr(0, e_pos)) {
        if (c != '.') digits[n++] = c;
    }
    const bool negative_exponent = sci[e_pos + 1] == '-';
    int magnitude = 0;
    std::from_chars(sci.data() + e_pos + 2, sci.data() + sci.size(), magnitude);
    const int exponent = negative_exponent ? -magnitude : magnitude;
    const auto put = [&out](const char* from, int count) {
        std::memcpy(out, from, static_cast<std::size_t>(count));
        out += count;
    };
    if (exponent >= -4 && exponent < 16) {
        if (exponent < 0) {
            put("0.000", 1 - exponent);  // "0." and the zeros before the first digit
            put(digits, n);
        } else if (exponent + 1 >= n) {
            put(digits, n);
            std::memset(out, '0', static_cast<std::size_t>(exponent + 1 - n));
            out += exponent + 1 - n;
            put(".0", 2);
        } else {
            put(digits, exponent + 1);
            *out++ = '.';
            put(digits + exponent + 1, n - exponent - 1);
        }
        return out;
    }
    *out++ = digits[0];
    if (n > 1) {
        *out++ = '.';
        put(digits + 1, n - 1);
    }
    *out++ = 'e';
    *out++ = negative_exponent ? '-' : '+';
    if (magnitude < 10) *out++ = '0';
    return std::to_chars(out, out + 4, magnitude).ptr;
}

template <typename T>
std::string shortest_repr(T value) {
    if (std::isnan(value)) return "nan";
    if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
    char sci[40];
    const auto res = std::to_chars(sci, sci + sizeof sci, value, std::chars_format::scientific);
    char text[40];
    char* end = python_layout(std::string_view(sci, static_cast<std::size_t>(res.ptr - sci)), text);
    return std::string(text, end);
}

bool ieq(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
        if (x != y) return false;
    }
    return true;
}

std::string join(const std::vector<std::string>& elements) {
    std::string out;
    for (size_t i = 0; i < elements.size(); ++i) {
        if (i) out += ", ";
        out += elements[i];
    }
    return out;
}

}  // namespace

std::string float_repr(double value) { return shortest_repr(value); }

std::string float32_repr(float value) { return shortest_repr(value); }

double round_digits(double value, int ndigits) {
    if (!std::isfinite(value)) return value;
    // Fixed notation of std::to_chars is exact, like CPython's dtoa in mode 3.
    char text[400];
    const auto written = std::to_chars(text, text + sizeof text, value, std::chars_format::fixed, ndigits);
    if (written.ec != std::errc()) return value;
    double rounded = value;
    std::from_chars(text, written.ptr, rounded);
    return rounded;
}

std::string str_repr(std::string_view text) {
    const bool has_single = text.find('\'') != std::string_view::npos;
    const bool has_double = text.find('"') != std::string_view::npos;
    const char quote = (has_single && !has_double) ? '"' : '\'';
    std::string out(1, quote);
    for (unsigned char c : text) {
        switch (c) {
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (c == static_cast<unsigned char>(quote)) {
                    out += '\\';
                    out += static_cast<char>(c);
                } else if (c < 0x20 || c == 0x7f) {
                    char esc[8];
                    std::snprintf(esc, sizeof esc, "\\x%02x", c);
                    out += esc;
                } else {
                    out += static_cast<char>(c);  // UTF-8 passes through: printable non-ASCII is kept
                }
        }
    }
    out += quote;
    return out;
}

std::string list_text(const std::vector<std::string>& elements) { return "[" + join(elements) + "]"; }

std::string tuple_text(const std::vector<std::string>& elements) {
    if (elements.size() == 1) return "(" + elements.front() + ",)";
    return "(" + join(elements) + ")";
}

std::optional<double> parse_float(std::string_view text) {
    auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; };
    while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
    while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
    if (text.empty()) return std::nullopt;
    bool negative = false;
    std::string_view body = text;
    if (body.front() == '+' || body.front() == '-') {
        negative = body.front() == '-';
        body.remove_prefix(1);
    }
    if (ieq(body, "nan")) return negative ? -std::nan("") : std::nan("");
    if (ieq(body, "inf") || ieq(body, "infinity")) return negative ? -INFINITY : INFINITY;
    // Digits, one optional point, optional exponent; underscores only between digits.
    std::string clean;
    clean.reserve(text.size());
    auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
    for (size_t i = 0; i < body.size(); ++i) {
        const char c = body[i];
        if (c == '_') {
            if (i == 0 || i + 1 >= body.size() || !is_digit(body[i - 1]) || !is_digit(body[i + 1])) return std::nullopt;
            continue;
        }
        if (!(is_digit(c) || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-')) return std::nullopt;
        clean.push_back(c);
    }
    double value = 0;
    auto res = std::from_chars(clean.data(), clean.data() + clean.size(), value);
    if (res.ec == std::errc::result_out_of_range) {
        value = std::strtod(clean.c_str(), nullptr);  // Python gives inf / 0.0 here, as strtod does
    } else if (res.ec != std::errc() || res.ptr != clean.data() + clean.size()) {
        return std::nullopt;
    }
    // from_chars accepts a leading '-' inside clean only if we left one there; reject a second sign.
    if (!clean.empty() && (clean.front() == '+' || clean.front() == '-')) return std::nullopt;
    return negative ? -value : value;
}

std::optional<std::int64_t> parse_int(std::string_view text) {
    const auto number = parse_int_clamped(text);
    if (!number || number->clamped) return std::nullopt;
    return number->value;
}

std::optional<ClampedInt> parse_int_clamped(std::string_view text) {
    // str.isspace() of ASCII: the C whitespace and the four separators \x1c-\x1f.
    auto is_space = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r') || (c >= '\x1c' && c <= '\x1f'); };
    while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
    while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
    bool negative = false;
    if (!text.empty() && (text.front() == '+' || text.front() == '-')) {
        negative = text.front() == '-';
        text.remove_prefix(1);
    }
    if (text.empty()) return std::nullopt;
    auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
    std::string digits = negative ? "-" : "";
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '_') {
            if (i == 0 || i + 1 >= text.size() || !is_digit(text[i - 1]) || !is_digit(text[i + 1])) return std::nullopt;
            continue;
        }
        if (!is_digit(c)) return std::nullopt;
        digits.push_back(c);
    }
    std::int64_t value = 0;
    const auto res = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (res.ec == std::errc::result_out_of_range) {
        return ClampedInt{
            negative ? std::numeric_limits<std::int64_t>::min() : std::numeric_limits<std::int64_t>::max(), true};
    }
    if (res.ec != std::errc() || res.ptr != digits.data() + digits.size()) return std::nullopt;
    return ClampedInt{value, false};
}

std::string crc32_hex(std::string_view bytes) {
    uLong crc = crc32(0L, Z_NULL, 0);
    crc = crc32(crc, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size()));
    char out[9];
    std::snprintf(out, sizeof out, "%08lx", static_cast<unsigned long>(crc & 0xffffffffUL));
    return out;
}

}  // namespace msprobe::py
