#include "checkpoint_compare/weight_similarity.hpp"

#include <catch2/catch.hpp>

#include "common/python_text.hpp"

using namespace msprobe::checkpoint_compare;
using msprobe::py::float_repr;

// Expected values: NumPy's float32 arithmetic, each scalar rounded to float32 (Python's struct 'f').
TEST_CASE("l2 and cos in float32 as NumPy holds them", "[weight_similarity]") {
    const Weight a{{3}, {1, 2, 3}};
    const Weight b{{3}, {1, 2, 4}};
    const auto similarity = weight_similarity(a, b);
    CHECK(float_repr(*similarity.l2) == "1.0");
    CHECK(float_repr(*similarity.cos) == "0.9914600849151611");
    CHECK(similarity.numel_a == 3);
    CHECK(similarity.shape_a == std::vector<std::int64_t>{3});

    const Weight c{{2, 2}, {0.1f, 0.2f, 0.3f, -0.4f}};
    const Weight d{{2, 2}, {0.1f, 0.25f, 0.3f, -0.5f}};
    const auto close = weight_similarity(c, d);
    CHECK(float_repr(*close.l2) == "0.11180339008569717");
    CHECK(float_repr(*close.cos) == "0.9949367046356201");
}

TEST_CASE("zero tensors and different shapes", "[weight_similarity]") {
    const Weight zero{{2}, {0, 0}};
    const Weight one{{2}, {0, 1}};
    CHECK(*weight_similarity(zero, zero).cos == 1.0f);
    CHECK(*weight_similarity(zero, zero).l2 == 0.0f);
    CHECK_FALSE(weight_similarity(zero, one).cos.has_value());
    CHECK(*weight_similarity(zero, one).l2 == 1.0f);

    const Weight wide{{1, 2}, {0, 1}};
    const auto reshaped = weight_similarity(one, wide);
    CHECK_FALSE(reshaped.l2.has_value());
    CHECK_FALSE(reshaped.cos.has_value());
    CHECK(reshaped.numel_a == reshaped.numel_b);
    CHECK(reshaped.shape_b == std::vector<std::int64_t>{1, 2});
}
