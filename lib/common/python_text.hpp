#pragma once
// Python's text renderings, which msprobe writes into many result cells:
// repr() of floats (shortest round trip), of strings inside containers, and of
// lists/tuples; float() parsing; CRC-32 as msprobe prints it.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace msprobe::py {

// repr(float): "25.0", "1e-05", "66.66666666666667", "inf", "-inf", "nan".
std::string float_repr(double value);

// repr(float32 numpy scalar): shortest digits that round-trip in float32.
std::string float32_repr(float value);

// round(value, ndigits) on a float: the decimal of `ndigits` places nearest to
// the exact binary value (exact ties to even), read back as a double.
double round_digits(double value, int ndigits);

// repr(str): quoted and escaped the way Python does it.
std::string str_repr(std::string_view text);

// "[a, b, c]" from already rendered elements; tuple_text gives "(a,)" for one.
std::string list_text(const std::vector<std::string>& elements);
std::string tuple_text(const std::vector<std::string>& elements);

// float(text) semantics: whitespace trimmed, nan/inf/infinity any case with
// sign, underscores between digits. nullopt when Python would raise.
std::optional<double> parse_float(std::string_view text);
// int(text) semantics (base 10): whitespace trimmed, one optional sign, ASCII
// digits with single underscores between them. nullopt when Python would raise,
// and for values outside int64 (which SQLite could not store either).
std::optional<std::int64_t> parse_int(std::string_view text);
// The same reading, a value outside int64 clamped to its nearer end (Python's int() accepts it: the text is an
// integer, only too large for what reads it).
struct ClampedInt {
    std::int64_t value = 0;
    bool clamped = false;
};
std::optional<ClampedInt> parse_int_clamped(std::string_view text);

// zlib CRC-32 of the bytes as 8 lowercase hex digits.
std::string crc32_hex(std::string_view bytes);

}  // namespace msprobe::py
