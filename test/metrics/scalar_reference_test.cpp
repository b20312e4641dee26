// The scalar reference of the fused pass on pairs small enough to add up by
// hand: the sums over the zeroed arrays (inf/nan as 0), the finite extremes,
// the inf/nan flags, the largest differences and the ratio counts; element
// offsets of strided views; and one element of every dtype as a double.
#include "metrics/scalar_reference.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "support/metric_string_makers.hpp"
#include "test_tensors.hpp"

using namespace msprobe::metrics;
using namespace msprobe::metrics::testing;

namespace {

PairPartial whole(const TensorView& npu, const TensorView& bench, RelativeEpsilon epsilon = RelativeEpsilon::Float64) {
    return reference_accumulate(npu, bench, 0, npu.numel(), epsilon);
}

}  // namespace

TEST_CASE("scalar reference: sums, extremes and counts of a small float64 pair", "[metrics][scalar_reference]") {
    // Zeroed: n = [1, 2, 3, 0], b = [1, 2, 4, 0]; relative errors [0, 0, 0.25, 0] (eps on both sides at 0).
    const auto p = whole(make_tensor(DType::Float64, {1, 2, 3, kNan}), make_tensor(DType::Float64, {1, 2, 4, kNan}));
    CHECK(p.count == 4);
    CHECK(p.dot.value() == 17.0);
    CHECK(p.diff_squares.value() == 1.0);
    CHECK(p.npu.sum.value() == 6.0);
    CHECK(p.npu.sum_of_squares.value() == 14.0);
    CHECK(p.bench.sum.value() == 7.0);
    CHECK(p.bench.sum_of_squares.value() == 21.0);
    CHECK(p.npu.max_finite == 3.0);
    CHECK(p.npu.min_finite == 1.0);
    CHECK(p.bench.max_finite == 4.0);
    CHECK(p.npu.has_nan);
    CHECK(p.bench.has_nan);
    CHECK_FALSE(p.npu.has_pos_inf);
    CHECK_FALSE(p.inf_nan_positions_differ);
    CHECK(p.max_abs_diff == 1.0);
    CHECK(p.max_relative == 0.25);
    CHECK_FALSE(p.relative_has_nan);
    CHECK(p.below_one_thousandth == 3);
    CHECK(p.below_five_thousandths == 3);
}

TEST_CASE("scalar reference: inf and nan positions", "[metrics][scalar_reference]") {
    const auto matching =
        whole(make_tensor(DType::Float32, {kInf, 1, kNan}), make_tensor(DType::Float32, {-kInf, 1, kNan}));
    CHECK_FALSE(matching.inf_nan_positions_differ);  // +inf against -inf is a match
    CHECK(matching.npu.has_pos_inf);
    CHECK(matching.bench.has_neg_inf);
    CHECK(matching.max_abs_diff == 0.0);  // both zeroed

    const auto inf_against_number = whole(make_tensor(DType::Float32, {kInf, 1}), make_tensor(DType::Float32, {2, 1}));
    CHECK(inf_against_number.inf_nan_positions_differ);
    CHECK(inf_against_number.max_abs_diff == 2.0);  // |0 - 2|
    const auto nan_against_inf = whole(make_tensor(DType::Float32, {kNan}), make_tensor(DType::Float32, {kInf}));
    CHECK(nan_against_inf.inf_nan_positions_differ);
}

TEST_CASE("scalar reference: extremes are finite, and a zero extreme is +0", "[metrics][scalar_reference]") {
    const auto p = whole(make_tensor(DType::Float64, {-0.0, kInf, -kInf}), make_tensor(DType::Float64, {-0.0, 1, 1}));
    CHECK(p.npu.max_finite == 0.0);
    CHECK_FALSE(std::signbit(p.npu.max_finite));
    CHECK_FALSE(std::signbit(p.npu.min_finite));
    const auto none = whole(make_tensor(DType::Float64, {kNan}), make_tensor(DType::Float64, {kNan}));
    CHECK(none.npu.max_finite == -std::numeric_limits<double>::infinity());  // nothing finite seen
    CHECK(none.npu.min_finite == std::numeric_limits<double>::infinity());
}

TEST_CASE("scalar reference: float16 zeros give NaN relative errors, August's epsilon does not",
          "[metrics][scalar_reference]") {
    const auto n = make_tensor(DType::Float16, {0, 1});
    const auto b = make_tensor(DType::Float16, {0, 1});
    const auto april = whole(n, b);
    CHECK(april.relative_has_nan);
    CHECK(april.max_relative == 0.0);        // the NaN is left out of the maximum
    CHECK(april.below_one_thousandth == 1);  // and counts below no threshold
    const auto august = whole(n, b, RelativeEpsilon::OfComputeType);
    CHECK_FALSE(august.relative_has_nan);
    CHECK(august.below_one_thousandth == 2);
}

TEST_CASE("scalar reference: a range of a strided view, in row-major order", "[metrics][scalar_reference]") {
    // storage 2x3 = [[0, 1, 2], [3, 4, 5]]; its transpose reads 0, 3, 1, 4, 2, 5.
    const auto transposed = transposed_view(DType::Float32, {0, 1, 2, 3, 4, 5}, 2, 3);
    CHECK(element_byte_offset(transposed, 0) == 0);
    CHECK(element_byte_offset(transposed, 1) == 12);  // (0, 1): storage element 3
    CHECK(element_byte_offset(transposed, 2) == 4);   // (1, 0): storage element 1
    CHECK(element_byte_offset(transposed, 5) == 20);  // (2, 1): storage element 5
    const auto zeros = make_tensor(DType::Float32, {0, 0, 0, 0, 0, 0}, {3, 2});
    const auto middle = reference_accumulate(transposed, zeros, 2, 5);  // 1, 4, 2
    CHECK(middle.count == 3);
    CHECK(middle.npu.sum.value() == 7.0);
    CHECK(middle.npu.max_finite == 4.0);
    CHECK(middle.npu.min_finite == 1.0);
}

TEST_CASE("scalar reference: the contiguous form adds to what it is given, block by block",
          "[metrics][scalar_reference]") {
    // 3000 small integers: every sum is exact, so the blocks' order cannot change it.
    std::vector<double> n(3000);
    std::vector<double> b(3000);
    double dot = 0;
    double n_sum = 0;
    for (std::size_t i = 0; i < n.size(); ++i) {
        n[i] = static_cast<double>(i % 7);
        b[i] = static_cast<double>(i % 5) - 2;
        dot += n[i] * b[i];
        n_sum += n[i];
    }
    const auto npu = make_tensor(DType::Int32, n);
    const auto bench = make_tensor(DType::Int16, b);
    PairPartial into;
    reference_accumulate_contiguous(npu.data, DType::Int32, bench.data, DType::Int16, 1000, into);
    reference_accumulate_contiguous(npu.data + 1000 * 4, DType::Int32, bench.data + 1000 * 2, DType::Int16, 2000, into);
    CHECK(into.count == 3000);
    CHECK(into.dot.value() == dot);
    CHECK(into.npu.sum.value() == n_sum);
    CHECK(into.npu.max_finite == 6.0);
    CHECK(into.bench.min_finite == -2.0);
    const auto at_once = whole(npu, bench);
    CHECK(at_once.dot.value() == dot);
}

TEST_CASE("scalar reference: one element of each dtype as a double", "[metrics][scalar_reference]") {
    const auto bytes = [](auto value) {
        std::vector<std::byte> out(sizeof value);
        std::memcpy(out.data(), &value, sizeof value);
        return out;
    };
    CHECK(read_element_as_double(bytes(std::uint16_t{0x3C00}).data(), DType::Float16) == 1.0);
    CHECK(read_element_as_double(bytes(std::uint16_t{0x0001}).data(), DType::Float16) == std::ldexp(1.0, -24));
    CHECK(read_element_as_double(bytes(std::uint16_t{0x4049}).data(), DType::BFloat16) == 3.140625);
    CHECK(read_element_as_double(bytes(0.1F).data(), DType::Float32) == static_cast<double>(0.1F));
    CHECK(read_element_as_double(bytes(-7.5).data(), DType::Float64) == -7.5);
    CHECK(read_element_as_double(bytes(std::int8_t{-128}).data(), DType::Int8) == -128.0);
    CHECK(read_element_as_double(bytes(std::int16_t{-300}).data(), DType::Int16) == -300.0);
    CHECK(read_element_as_double(bytes(std::int32_t{1} << 30).data(), DType::Int32) == 1073741824.0);
    CHECK(read_element_as_double(bytes((std::int64_t{1} << 53) + 1).data(), DType::Int64) == 9007199254740992.0);
    CHECK(read_element_as_double(bytes(std::uint8_t{255}).data(), DType::UInt8) == 255.0);
    CHECK(read_element_as_double(bytes(std::uint8_t{2}).data(), DType::Bool) == 1.0);  // any non-zero byte is true
    const std::array<float, 2> complex64{2.5F, -9.0F};
    CHECK(read_element_as_double(bytes(complex64).data(), DType::Complex64) == 2.5);  // the real part
    const std::array<double, 2> complex128{-1.25, 4.0};
    CHECK(read_element_as_double(bytes(complex128).data(), DType::Complex128) == -1.25);
}
