// Sizes read from untrusted files: products and sums that overflow int64 are
// refused, never wrapped.
#include "tensor/checked_math.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <vector>

using msprobe::tensor::checked_add;
using msprobe::tensor::checked_mul;
using msprobe::tensor::element_count;
using Shape = std::vector<std::int64_t>;

namespace {

constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t k2To32 = std::int64_t{1} << 32;

}  // namespace

TEST_CASE("checked math: products and sums inside int64 are exact, others refused", "[tensor][checked_math]") {
    CHECK(checked_mul(3, -4) == -12);
    CHECK_FALSE(checked_mul(k2To32, k2To32 / 2));  // 2^63 is one past the largest int64
    CHECK(checked_mul(k2To32, k2To32 / 4) == std::int64_t{1} << 62);
    CHECK_FALSE(checked_mul(kMax, 2));
    CHECK_FALSE(checked_mul(-1, kMin));  // -kMin is kMax + 1
    CHECK(checked_mul(-1, kMax) == kMin + 1);
    CHECK(checked_add(-5, 7) == 2);
    CHECK(checked_add(kMax, 0) == kMax);
    CHECK_FALSE(checked_add(kMax, 1));
    CHECK_FALSE(checked_add(kMin, -1));
    CHECK(checked_add(kMin, kMax) == -1);
}

TEST_CASE("checked math: element_count multiplies the dims, an empty shape being one element",
          "[tensor][checked_math]") {
    CHECK(element_count(Shape{}) == 1);
    CHECK(element_count(Shape{2, 3, 4}) == 24);
    CHECK(element_count(Shape{0, 3}) == 0);
    CHECK(element_count(Shape{kMax, 1}) == kMax);
    CHECK(element_count(Shape{std::int64_t{1} << 31, 1 << 30, 0}) == 0);  // 2^61 fits: a zero dim makes it empty
    CHECK_FALSE(element_count(Shape{k2To32, k2To32}));
}

TEST_CASE("checked math: a shape whose other dims overflow is refused even with a zero dim", "[tensor][checked_math]") {
    // Later products over the shape (strides, numel of a slice) would overflow.
    CHECK_FALSE(element_count(Shape{0, k2To32, k2To32}));
    CHECK_FALSE(element_count(Shape{k2To32, 0, k2To32}));
}
