#include "compare/reference_decimal.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace msprobe::compare {

namespace {

// 10^k by binary powering, as the parser below computes it (inexact above 1e22).
double power_of_ten(int k) {
    double result = 1.0;
    double square = 10.0;
    for (; k > 0; k >>= 1) {
        if (k & 1) result *= square;
        square *= square;
    }
    return result;
}

}  // namespace

// msprobe subtracts statistics after a round trip through a fast decimal
// parser: it reads Python's repr of the value, accumulates every digit in a
// double, drops fraction digits beyond the 16th, and scales the mantissa by a
// binary-powered 10^k. The diff cells (and the relative errors built on them)
// then differ from an exact subtraction in the last digits; reproducing the
// parser keeps them identical to msprobe's (checked on every statistic of the
// fixture dumps). The repr digits come straight from to_chars, no text is built.
double reference_parsed(double value) {
    if (!std::isfinite(value) || value == 0) return value;
    char buf[32];
    const auto res = std::to_chars(buf, buf + sizeof buf, std::fabs(value), std::chars_format::scientific);
    // buf holds "d[.ddd]e±x": shortest round-trip digits and the decimal exponent.
    const char* e_pos = std::find(buf, res.ptr, 'e');
    int exponent = 0;
    std::from_chars(e_pos + 1 + (e_pos[1] == '+'), res.ptr, exponent);
    double mantissa = 0;
    int digits = 0;
    for (const char* p = buf; p < e_pos; ++p) {
        if (*p == '.') continue;
        mantissa = mantissa * 10.0 + (*p - '0');
        ++digits;
    }
    // Python prints |value| positionally for 1e-4 <= |value| < 1e16, else as d.ddde±x.
    const bool positional = exponent >= -4 && exponent < 16;
    int fraction_digits = positional ? std::max(0, digits - 1 - exponent) : digits - 1;
    if (fraction_digits > 16) {
        // Drop the digits past the 16th fraction digit (only positional texts get here).
        const int drop = fraction_digits - 16;
        mantissa = 0;
        int kept = 0;
        for (const char* p = buf; p < e_pos && kept < digits - drop; ++p) {
            if (*p == '.') continue;
            mantissa = mantissa * 10.0 + (*p - '0');
            ++kept;
        }
        fraction_digits = 16;
    }
    if (positional && digits - 1 - exponent <= 0) {
        // An integral value prints as "<digits><zeros>.0": every zero, the one
        // after the point included, passes through the accumulator too.
        for (int z = 0; z < exponent + 1 - digits + 1; ++z) mantissa *= 10.0;
        fraction_digits = 1;
    }
    const int scale = positional ? -fraction_digits : exponent - fraction_digits;
    const double scaled = scale < 0 ? mantissa / power_of_ten(-scale) : mantissa * power_of_ten(scale);
    return value < 0 ? -scaled : scaled;
}

}  // namespace msprobe::compare
