// --locate: the index of the largest absolute and relative errors, measured as
// the kernel measures them.
#include <catch2/catch.hpp>

#include <limits>

#include "metrics/error_location.hpp"
#include "test_tensors.hpp"

using namespace msprobe::metrics;
using namespace msprobe::metrics::testing;

TEST_CASE("index_text renders Python tuples", "[locate]") {
    CHECK(index_text({}) == "()");
    CHECK(index_text({7}) == "(7,)");
    CHECK(index_text({2, 0, 5}) == "(2, 0, 5)");
}

TEST_CASE("the planted differences are found where they are", "[locate]") {
    std::vector<double> bench(2 * 3 * 4, 1.0);
    std::vector<double> npu = bench;
    npu[1 * 12 + 2 * 4 + 3] = 3.5;  // largest absolute error, relative 2.5
    bench[5] = 0.01;                // relative error (1 - 0.01) / 0.01 = 99, absolute 0.99
    npu[5] = 1.0;
    const auto n = make_tensor(DType::Float64, npu, {2, 3, 4});
    const auto b = make_tensor(DType::Float64, bench, {2, 3, 4});
    const auto location = locate_max_errors(n, b);
    REQUIRE(location);
    CHECK(location->max_abs == std::vector<std::int64_t>{1, 2, 3});
    REQUIRE(location->max_relative);
    CHECK(*location->max_relative == std::vector<std::int64_t>{0, 1, 1});
}

TEST_CASE("ties give the first position, inf and nan count as 0 like the kernel", "[locate]") {
    const double inf = std::numeric_limits<double>::infinity();
    const auto n = make_tensor(DType::Float32, {inf, 2.0, 0.0, 2.0});
    const auto b = make_tensor(DType::Float32, {1.0, 1.0, 0.0, 1.0});
    const auto location = locate_max_errors(n, b);
    REQUIRE(location);
    // inf → 0 gives |0 - 1| = 1 at index 0, the same as index 1 and 3: the first wins.
    CHECK(location->max_abs == std::vector<std::int64_t>{0});
    CHECK(*location->max_relative == std::vector<std::int64_t>{0});
}

TEST_CASE("strided and mixed-dtype pairs are walked in logical order", "[locate]") {
    std::vector<double> values(12, 0.5);
    std::vector<double> other = values;
    other[7] = -4.0;
    const auto n = make_tensor(DType::BFloat16, values, {3, 4}, 3);  // every third element of a bigger buffer
    const auto b = make_tensor(DType::Int32, other, {3, 4});          // int32 holds 0 and -4
    const auto location = locate_max_errors(n, b);
    REQUIRE(location);
    CHECK(location->max_abs == std::vector<std::int64_t>{1, 3});
}

TEST_CASE("0-d pairs locate at (), mismatched shapes are not located", "[locate]") {
    const auto location =
        locate_max_errors(make_tensor(DType::Float32, {2.0}, {}), make_tensor(DType::Float32, {1.0}, {}));
    REQUIRE(location);
    CHECK(location->max_abs.empty());
    CHECK_FALSE(locate_max_errors(make_tensor(DType::Float32, {1, 2}), make_tensor(DType::Float32, {1, 2, 3})));
}
