// The value tests of the detectors: the non-finite spellings a recorded
// statistic may carry, and the dtype maxima of saturation mode.
#include <catch2/catch.hpp>

#include <rapidjson/document.h>

#include <limits>

#include "overflow/anomalous_value.hpp"

using namespace msprobe::overflow;

namespace {

// Full precision: the dtype maxima must arrive bit for bit, as lib/dump reads them.
rapidjson::Document parse(const std::string& text) {
    rapidjson::Document doc;
    doc.Parse<rapidjson::kParseNanAndInfFlag | rapidjson::kParseFullPrecisionFlag>(text.c_str());
    REQUIRE_FALSE(doc.HasParseError());
    return doc;
}

}  // namespace

TEST_CASE("value test: msprobe's vectors and the recommended extensions", "[overflow]") {
    const auto anomalous = [](const char* json) { return anomalous_value_text(parse(json)).has_value(); };
    // msprobe's tests: {Max:'NaN'}, {Max:'Inf'}, {Max:'nan'}, {Max:'inf'} are anomalies.
    CHECK(anomalous(R"("NaN")"));
    CHECK(anomalous(R"("Inf")"));
    CHECK(anomalous(R"("nan")"));
    CHECK(anomalous(R"("inf")"));
    CHECK(anomalous(R"("-inf")"));
    // Numeric tokens Python's json writes, the tab variants, and "Infinity" (recommendation §4.1).
    CHECK(anomalous("NaN"));
    CHECK(anomalous("Infinity"));
    CHECK(anomalous("-Infinity"));
    CHECK(anomalous(R"("nan\t")"));
    CHECK(anomalous(R"("-inf\t")"));
    CHECK(anomalous(R"("Infinity")"));
    CHECK(anomalous(R"("-INFINITY")"));
    CHECK_FALSE(anomalous("10"));
    CHECK_FALSE(anomalous("1e308"));
    CHECK_FALSE(anomalous(R"("string")"));
    CHECK_FALSE(anomalous("true"));
    CHECK_FALSE(anomalous("null"));
    CHECK(anomalous_value_text(parse("-Infinity")) == "-inf");
    CHECK(anomalous_value_text(parse(R"("NaN")")) == "nan");
}


TEST_CASE("non_finite_text names inf, -inf and nan, finite values have none", "[overflow]") {
    CHECK(non_finite_text(std::numeric_limits<double>::infinity()) == "inf");
    CHECK(non_finite_text(-std::numeric_limits<double>::infinity()) == "-inf");
    CHECK(non_finite_text(std::numeric_limits<double>::quiet_NaN()) == "nan");
    CHECK_FALSE(non_finite_text(0.0));
    CHECK_FALSE(non_finite_text(std::numeric_limits<double>::max()));
    CHECK(anomalous_value_text(parse(R"("Inf\t")")) == "inf");
    CHECK(anomalous_value_text(parse(R"("-infinity")")) == "-inf");
}

TEST_CASE("saturation: the largest finite value of the recorded dtype, either sign", "[overflow]") {
    CHECK(is_saturated_value(parse("65504"), "torch.float16"));
    CHECK(is_saturated_value(parse("-65504.0"), "Float16"));
    CHECK(is_saturated_value(parse("65504"), "float16"));
    CHECK_FALSE(is_saturated_value(parse("65503"), "torch.float16"));
    CHECK_FALSE(is_saturated_value(parse("65504"), "torch.float32"));  // far below float32's maximum
    CHECK(is_saturated_value(parse("3.4028234663852886e38"), "torch.float32"));
    CHECK(is_saturated_value(parse("-3.4028234663852886e38"), "Float32"));
    CHECK(is_saturated_value(parse("3.3895313892515355e38"), "torch.bfloat16"));
    CHECK_FALSE(is_saturated_value(parse("3.4028234663852886e38"), "torch.bfloat16"));
    // Other dtypes and values that are not numbers never saturate.
    CHECK_FALSE(is_saturated_value(parse("65504"), "torch.int32"));
    CHECK_FALSE(is_saturated_value(parse(R"("65504")"), "torch.float16"));
    CHECK_FALSE(is_saturated_value(parse("null"), "torch.float16"));
}
