#include "kernel_dump_compare/vector_metrics.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace msprobe::kernel_dump_compare;

namespace {

std::array<std::string, kAlgorithmCount> cells(std::vector<float> mine, std::vector<float> golden,
                                               bool scalar = false) {
    return compare_vectors(VectorPair{mine, golden, scalar, "mine.bin", "golden.npy"}).cells;
}

using Cells = std::array<std::string, kAlgorithmCount>;

}  // namespace

// Every expected row below is what msaccucmp's AlgorithmManager.compare (algorithm 'all') returns for the same
// arrays under NumPy 1.24: the alg_*.compare functions, formatted by utils.format_value.
TEST_CASE("vector metrics: msaccucmp's ten algorithms on small arrays", "[kernel_dump_compare]") {
    // x = [1,2,3,4], y = [1,2,3,5]: cosine 34/sqrt(30*39), max |x-y| 1, sum |x/y-1| 0.2, sqrt(1/39), ...
    CHECK(cells({1, 2, 3, 4}, {1, 2, 3, 5}) == Cells{"0.993999", "1.000000", "0.200000", "0.160128", "0.010310",
                                                     "(2.500;1.118),(2.750;1.479)", "0.250000", "0.500000", "0.200000",
                                                     "0.050000"});
    // Integer tensors are compared as float32.
    CHECK(cells({1, 2, 300}, {1, 2, 299}) == Cells{"1.000000", "1.000000", "0.003345", "0.003344", "0.000000",
                                                   "(101.000;140.715),(100.667;140.243)", "0.333333", "0.577350",
                                                   "0.003345", "0.001115"});
}

TEST_CASE("vector metrics: zero, scalar, empty and NaN tensors", "[kernel_dump_compare]") {
    // alg_CosineSimilarity: two zero tensors are "1.0"; a zero side cannot be compared.
    CHECK(cells({0, 0, 0}, {0, 0, 0}) == Cells{"1.0", "0.000000", "0.000000", "0.000000", "0.000000",
                                               "(0.000;0.000),(0.000;0.000)", "0.000000", "0.000000", "0.000000",
                                               "0.000000"});
    const auto zero_mine = compare_vectors(
        VectorPair{std::vector<float>{0, 0, 0}, std::vector<float>{1, 0, 2}, false, "mine.bin", "golden.npy"});
    CHECK(zero_mine.cells == Cells{"NaN", "2.000000", "2.000000", "1.000000", "4.852030", "(0.000;0.000),(1.000;0.816)",
                                   "1.000000", "1.290994", "1.000000", "0.666667"});
    CHECK(zero_mine.messages == std::vector<std::string>{"Cannot compare by Cosine Similarity. All the data is zero in "
                                                         "mine.bin."});
    const auto zero_golden = compare_vectors(
        VectorPair{std::vector<float>{1, 2}, std::vector<float>{0, 0}, false, "mine.bin", "golden.npy"});
    CHECK(zero_golden.cells == Cells{"NaN", "2.000000", "0.000000", "0.000000", "0.693145",
                                     "(1.500;0.500),(0.000;0.000)", "1.500000", "1.581139", "0.000000", "0.000000"});

    const auto scalar = compare_vectors(VectorPair{std::vector<float>{2.5F}, std::vector<float>{2.0F}, true, "m", "g"});
    CHECK(scalar.cells == Cells{"1.000000", "0.500000", "0.250000", "0.250000", "0.000000",
                                "(2.500;0.000),(2.000;0.000)", "0.500000", "0.500000", "0.250000", "0.250000"});
    CHECK(scalar.messages == std::vector<std::string>{"This tensor is scalar."});

    const auto empty = compare_vectors(VectorPair{{}, {}, false, "m", "g"});
    CHECK(empty.cells ==
          Cells{"1.0", "NaN", "0.000000", "0.000000", "NaN", "(nan;nan),(nan;nan)", "nan", "nan", "NaN", "nan"});
    const std::string no_identity = "zero-size array to reduction operation maximum which has no identity";
    CHECK(empty.messages ==
          std::vector<std::string>{"Failed to execute 'compare' in 'MaxAbsoluteError'. " + no_identity,
                                   "Failed to execute 'compare' in 'KullbackLeiblerDivergence'. " + no_identity,
                                   "Failed to execute 'compare' in 'MaxRelativeError'. " + no_identity});

    const float nan = std::numeric_limits<float>::quiet_NaN();
    CHECK(cells({1, nan, 3}, {1, 2, 3}) ==
          Cells{"nan", "nan", "nan", "nan", "nan", "(nan;nan),(2.000;0.816)", "nan", "nan", "nan", "nan"});
}

TEST_CASE("vector metrics: bool tensors run the cosine and the euclidean distance only", "[kernel_dump_compare]") {
    const std::vector<std::uint8_t> mine = {1, 0, 1}, golden = {1, 1, 0};
    const auto result = compare_bool_vectors(mine, golden, false, "m", "g");
    CHECK(result.cells == Cells{"0.500000", "NaN", "NaN", "NaN", "NaN", "NaN", "NaN", "NaN", "NaN", "NaN"});
    REQUIRE(result.messages.size() == 9);
    CHECK(result.messages[0] == "Algorithm MaxAbsoluteError does not support Boolean types.");
    CHECK(
        result.messages[2] ==
        "Failed to execute 'compare' in 'RelativeEuclideanDistance'. numpy boolean subtract, the `-` operator, is not "
        "supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead.");
}

TEST_CASE("vector metrics: a thousand float32 values round as NumPy's pairwise sums do", "[kernel_dump_compare]") {
    std::vector<float> v(1000), w(1000);
    for (std::size_t i = 0; i < v.size(); ++i) {
        v[i] = static_cast<float>(static_cast<int>((i * 37) % 101) - 50) / 7.0F;
        w[i] = v[i] * static_cast<float>(1 + (static_cast<double>((i * 13) % 11) - 5) * 1e-3);
    }
    CHECK(cells(v, w) == Cells{"0.999995", "0.035714", "2.697057", "0.003162", "0.000077",
                               "(0.001;4.169),(0.002;4.169)", "0.009845", "0.013182", "0.005025", "0.002697"});
}

TEST_CASE("vector metrics: six decimals as Python's format spells them", "[kernel_dump_compare]") {
    CHECK(six_decimals(0.1234565) == "0.123456");  // the double nearest 0.1234565 lies below it
    CHECK(six_decimals(-std::numeric_limits<double>::quiet_NaN()) == "nan");
    CHECK(six_decimals(-std::numeric_limits<double>::infinity()) == "-inf");
    CHECK(six_decimals(1) == "1.000000");
}
