#include "dump/non_finite_value.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <string>

namespace msprobe::dump {

namespace {

struct Spelling {
    std::string_view text;  // lower case
    NonFinite value;
    NonFiniteSpellings first_set;  // the smallest set that accepts it; every larger set does too
};

constexpr std::array kSpellings{
    Spelling{"nan", NonFinite::Nan, NonFiniteSpellings::NanInf},
    Spelling{"inf", NonFinite::PositiveInf, NonFiniteSpellings::NanInf},
    Spelling{"-inf", NonFinite::NegativeInf, NonFiniteSpellings::NanInf},
    Spelling{"infinity", NonFinite::PositiveInf, NonFiniteSpellings::NanInfInfinity},
    Spelling{"-infinity", NonFinite::NegativeInf, NonFiniteSpellings::NanInfInfinity},
    Spelling{"+inf", NonFinite::PositiveInf, NonFiniteSpellings::NanInfInfinityPlusInf},
};

}  // namespace

std::optional<NonFinite> non_finite_value(double value) {
    if (std::isnan(value)) return NonFinite::Nan;
    if (std::isinf(value)) return value > 0 ? NonFinite::PositiveInf : NonFinite::NegativeInf;
    return std::nullopt;
}

std::optional<NonFinite> non_finite_value(JsonView value, NonFiniteSpellings spellings) {
    if (value.is_double()) return non_finite_value(*value.number());
    const auto text = value.string();
    if (!text) return std::nullopt;
    std::string lower(*text);
    if (!lower.empty() && lower.back() == '\t') lower.pop_back();
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    for (const Spelling& spelling : kSpellings) {
        if (spelling.first_set <= spellings && spelling.text == lower) return spelling.value;
    }
    return std::nullopt;
}

std::string_view non_finite_text(NonFinite value) {
    switch (value) {
        case NonFinite::Nan: return "nan";
        case NonFinite::PositiveInf: return "inf";
        case NonFinite::NegativeInf: return "-inf";
    }
    return "nan";
}

}  // namespace msprobe::dump
