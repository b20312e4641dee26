// The one inf/NaN test of a statistic, one table over every accepted set:
// numbers are judged the same by all, strings by the detector each set reproduces.
#include <catch2/catch.hpp>

#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "dump/json_file.hpp"
#include "dump/non_finite_value.hpp"
#include "json_text_file.hpp"

using namespace msprobe::dump;

namespace {

constexpr auto kNan = NonFinite::Nan;
constexpr auto kInf = NonFinite::PositiveInf;
constexpr auto kNegInf = NonFinite::NegativeInf;
constexpr std::optional<NonFinite> kNone;

struct Row {
    const char* json;                     // the value as it appears in dump.json
    std::optional<NonFinite> nan_inf;     // NonFiniteSpellings::NanInf
    std::optional<NonFinite> infinity;    // NonFiniteSpellings::NanInfInfinity
    std::optional<NonFinite> plus_inf;    // NonFiniteSpellings::NanInfInfinityPlusInf
};

const Row kRows[] = {
    // numbers
    {"1.5", kNone, kNone, kNone},
    {"-0.0", kNone, kNone, kNone},
    {"1e308", kNone, kNone, kNone},
    {"7", kNone, kNone, kNone},
    {"-9223372036854775808", kNone, kNone, kNone},
    {"18446744073709551615", kNone, kNone, kNone},
    {"Infinity", kInf, kInf, kInf},
    {"-Infinity", kNegInf, kNegInf, kNegInf},
    {"NaN", kNan, kNan, kNan},
    // strings every set accepts, in any case, with one trailing tab
    {R"("nan")", kNan, kNan, kNan},
    {R"("NaN")", kNan, kNan, kNan},
    {R"("inf")", kInf, kInf, kInf},
    {R"("Inf")", kInf, kInf, kInf},
    {R"("-INF")", kNegInf, kNegInf, kNegInf},
    {R"("nan\t")", kNan, kNan, kNan},
    {R"("-inf\t")", kNegInf, kNegInf, kNegInf},
    // infinity: overflow_check and the overflow rerun only
    {R"("infinity")", kNone, kInf, kInf},
    {R"("Infinity")", kNone, kInf, kInf},
    {R"("-Infinity\t")", kNone, kNegInf, kNegInf},
    // +inf: the overflow rerun only
    {R"("+inf")", kNone, kNone, kInf},
    {R"("+INF\t")", kNone, kNone, kInf},
    {R"("+infinity")", kNone, kNone, kNone},
    // never
    {R"(" inf")", kNone, kNone, kNone},
    {R"("inf ")", kNone, kNone, kNone},
    {R"("nan\t\t")", kNone, kNone, kNone},
    {R"("\tnan")", kNone, kNone, kNone},
    {R"("nan\n")", kNone, kNone, kNone},
    {R"("")", kNone, kNone, kNone},
    {R"("1.5")", kNone, kNone, kNone},
    {R"("-nan")", kNone, kNone, kNone},
    {"true", kNone, kNone, kNone},
    {"null", kNone, kNone, kNone},
    {"[NaN]", kNone, kNone, kNone},
    {R"({"Max": NaN})", kNone, kNone, kNone},
};

}  // namespace

TEST_CASE("non_finite_value: each spelling set against one table") {
    for (const Row& row : kRows) {
        const JsonFile file = msprobe::testing::load_json_text(std::string("{\"v\": ") + row.json + "}");
        const JsonView value = JsonView(file.root()).member("v");
        INFO(row.json);
        CHECK(non_finite_value(value, NonFiniteSpellings::NanInf) == row.nan_inf);
        CHECK(non_finite_value(value, NonFiniteSpellings::NanInfInfinity) == row.infinity);
        CHECK(non_finite_value(value, NonFiniteSpellings::NanInfInfinityPlusInf) == row.plus_inf);
    }
}

TEST_CASE("non_finite_value: an absent value is not non-finite") {
    CHECK_FALSE(non_finite_value(JsonView(), NonFiniteSpellings::NanInfInfinityPlusInf));
}

TEST_CASE("non_finite_value on a double, and the text reports print") {
    CHECK(non_finite_value(std::numeric_limits<double>::infinity()) == kInf);
    CHECK(non_finite_value(-std::numeric_limits<double>::infinity()) == kNegInf);
    CHECK(non_finite_value(std::numeric_limits<double>::quiet_NaN()) == kNan);
    CHECK_FALSE(non_finite_value(std::numeric_limits<double>::max()));
    CHECK(non_finite_text(kNan) == "nan");
    CHECK(non_finite_text(kInf) == "inf");
    CHECK(non_finite_text(kNegInf) == "-inf");
}
