#pragma once
// The one inf/NaN test of a recorded statistic. A JSON NaN/Infinity token is
// non-finite everywhere; which *strings* count depends on the msprobe detector
// a command reproduces, so each accepted set is named here once.
#include <cstdint>
#include <optional>
#include <string_view>

#include "dump/json_view.hpp"

namespace msprobe::dump {

enum class NonFinite : std::uint8_t { Nan, PositiveInf, NegativeInf };

// Every set matches case-insensitively and allows one trailing tab (msprobe's
// writers add one); leading or other trailing whitespace never matches.
enum class NonFiniteSpellings : std::uint8_t {
    // nan_analyze: msprobe tests `str(v).lower()` against nan, inf, -inf.
    NanInf,
    // overflow_check: nan, inf, -inf, infinity, -infinity.
    NanInfInfinity,
    // run_ut's overflow rerun: overflow_check's set and "+inf".
    NanInfInfinityPlusInf,
};

// The non-finite value `value` holds under `spellings`: a NaN/Infinity number
// token, or an accepted string; nullopt for finite numbers, integers, other
// strings, booleans, null, containers and an absent value.
std::optional<NonFinite> non_finite_value(JsonView value, NonFiniteSpellings spellings);

// The same test on a double: nullopt when finite.
std::optional<NonFinite> non_finite_value(double value);

// "nan", "inf" or "-inf", as reports print it.
std::string_view non_finite_text(NonFinite value);

}  // namespace msprobe::dump
