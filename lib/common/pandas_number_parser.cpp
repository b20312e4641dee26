#include "common/pandas_number_parser.hpp"

#include <array>
#include <cstdlib>
#include <limits>

namespace msprobe::py {

namespace {

// The correctly rounded doubles 1e0 ... 1e308 (the parser scales by table lookup).
const std::array<double, 309>& powers_of_ten() {
    static const std::array<double, 309> table = [] {
        std::array<double, 309> t{};
        // Literals through strtod are correctly rounded; build them as text once.
        char text[8];
        for (int k = 0; k <= 308; ++k) {
            int n = 0;
            text[n++] = '1';
            text[n++] = 'e';
            if (k >= 100) text[n++] = static_cast<char>('0' + k / 100);
            if (k >= 10) text[n++] = static_cast<char>('0' + k / 10 % 10);
            text[n++] = static_cast<char>('0' + k % 10);
            text[n] = '\0';
            t[static_cast<std::size_t>(k)] = std::strtod(text, nullptr);
        }
        return t;
    }();
    return table;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

}  // namespace

// Only the first 17 digits, leading zeros included, reach the accumulator;
// further integer digits raise the exponent, further fraction digits are dropped.
std::optional<double> pandas_parsed_number(std::string_view text) {
    constexpr int kMaxDigits = 17;
    const char* p = text.data();
    const char* end = p + text.size();
    while (p < end && is_blank(*p)) ++p;
    bool negative = false;
    if (p < end && (*p == '-' || *p == '+')) negative = *p++ == '-';

    double number = 0;
    int exponent = 0;
    int digits = 0;
    for (; p < end && is_digit(*p); ++p) {
        if (digits < kMaxDigits) {
            number = number * 10. + (*p - '0');
            ++digits;
        } else {
            ++exponent;
        }
    }
    if (p < end && *p == '.') {
        ++p;
        int decimals = 0;
        for (; p < end && digits < kMaxDigits && is_digit(*p); ++p) {
            number = number * 10. + (*p - '0');
            ++digits;
            ++decimals;
        }
        while (p < end && is_digit(*p)) ++p;
        exponent -= decimals;
    }
    if (digits == 0) return std::nullopt;
    if (negative) number = -number;

    if (p < end && (*p == 'e' || *p == 'E')) {
        const char* mark = p++;
        bool negative_exponent = false;
        if (p < end && (*p == '-' || *p == '+')) negative_exponent = *p++ == '-';
        if (p < end && is_digit(*p)) {
            int n = 0;
            for (; p < end && is_digit(*p); ++p) n = n < 100000 ? n * 10 + (*p - '0') : n;
            exponent += negative_exponent ? -n : n;
        } else {
            p = mark;  // "1e" reads as 1 followed by text: not a number
        }
    }
    while (p < end && is_blank(*p)) ++p;
    if (p != end) return std::nullopt;

    const auto& e = powers_of_ten();
    if (exponent > 308) return negative ? -std::numeric_limits<double>::infinity()
                                        : std::numeric_limits<double>::infinity();
    if (exponent > 0) return number * e[static_cast<std::size_t>(exponent)];
    if (exponent < -616) return negative ? -0.0 : 0.0;
    if (exponent < -308) return number / e[static_cast<std::size_t>(-308 - exponent)] / e[308];
    return number / e[static_cast<std::size_t>(-exponent)];
}

}  // namespace msprobe::py
