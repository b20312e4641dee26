#pragma once
// A JSON number token turned into the value RapidJSON's DOM would hold: the
// same int/unsigned/int64/uint64/double choice, so ints and floats stay
// apart, but every double correctly rounded by std::from_chars (Python's
// float() gives the same). RapidJSON's own full-precision path reads a zero
// significand with an exponent (`0e121`) as garbage and indexes past its
// power table on extreme exponents; this never reaches it.
#include <cstdint>
#include <string_view>
#include <variant>

namespace msprobe::dump {

using JsonNumber = std::variant<int, unsigned, std::int64_t, std::uint64_t, double>;

// `text` is a number token RapidJSON accepted: [-](0|[1-9][0-9]*)[.[0-9]+][(e|E)[+-][0-9]+],
// or NaN / Inf / Infinity with an optional minus. Beyond the double range it
// is ±inf, below it ±0, as in Python.
JsonNumber parse_json_number(std::string_view text);

}  // namespace msprobe::dump
