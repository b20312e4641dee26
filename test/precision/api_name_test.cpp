// run_ut's API names: family and name from a full name, the parts of a
// details-CSV name, and the spreadsheet-formula guard.
#include <catch2/catch.hpp>

#include "precision/api_name.hpp"

using namespace msprobe::precision;

TEST_CASE("split_api_full_name takes three or four segments", "[precision][api_name]") {
    const auto conv = split_api_full_name("Functional.conv2d.0");
    REQUIRE(conv);
    CHECK(conv->family == "Functional");
    CHECK(conv->api_name == "conv2d");
    const auto norm = split_api_full_name("Torch.linalg.vector_norm.3");
    REQUIRE(norm);
    CHECK(norm->family == "Torch");
    CHECK(norm->api_name == "linalg.vector_norm");
    CHECK_FALSE(split_api_full_name("Functional.conv2d"));
    CHECK_FALSE(split_api_full_name("A.b.c.d.e"));
}

TEST_CASE("split_detail_name reads the API and direction of a details row", "[precision][api_name]") {
    const auto six = split_detail_name("Functional.conv2d.0.forward.output.0");
    REQUIRE(six);
    CHECK(six->api_name == "conv2d");
    CHECK(six->api_full_name == "Functional.conv2d.0");
    CHECK(six->direction == "forward");
    const auto seven = split_detail_name("Torch.linalg.vector_norm.3.backward.output.1");
    REQUIRE(seven);
    CHECK(seven->api_name == "linalg.vector_norm");
    CHECK(seven->api_full_name == "Torch.linalg.vector_norm.3");
    CHECK(seven->direction == "backward");
    CHECK_FALSE(split_detail_name("Functional.conv2d.0.forward"));
}

TEST_CASE("a name that a spreadsheet would run as a formula is recognised", "[precision][api_name]") {
    for (const char* formula : {"+add", "-x", "=cmd", "%p", "@f", "\xEF\xBC\x8B" "x" /* full-width + */}) {
        INFO(formula);
        CHECK(has_formula_characters(formula));
    }
    CHECK_FALSE(has_formula_characters("Functional.add.0"));
    CHECK_FALSE(has_formula_characters("Tensor.__add__.0"));
}
