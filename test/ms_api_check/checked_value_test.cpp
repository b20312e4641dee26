// The details file's shape text and the trimming of outputs before they are paired.
#include <catch2/catch.hpp>

#include "ms_api_check/checked_value.hpp"

using namespace msprobe::ms_api_check;

TEST_CASE("checked value: shapes as Python prints tuples", "[ms_api_check]") {
    CHECK((shape_text({}) == "()"));
    CHECK((shape_text({4}) == "(4,)"));
    CHECK((shape_text({2, 3}) == "(2, 3)"));
}

TEST_CASE("checked value: trim_output_compute_element_list", "[ms_api_check]") {
    CheckedValue none;
    CheckedValue f32{CheckedValue::Kind::Tensor, "Float32", {1}, {1.0}};
    CheckedValue i64{CheckedValue::Kind::Tensor, "Int64", {1}, {1.0}};
    CheckedValue number{CheckedValue::Kind::Other, "int", {}, {}};
    const auto forward = trimmed({none, f32, i64, number}, false);
    REQUIRE(forward.size() == 3);  // only None goes
    CHECK(forward[1].dtype == "Int64");
    const auto backward = trimmed({none, f32, i64, number}, true);
    REQUIRE(backward.size() == 1);  // float dtypes only
    CHECK(backward[0].dtype == "Float32");
    CHECK(is_float_dtype("BFloat16"));
    CHECK_FALSE(is_float_dtype("float"));
}
