// numpy.matmul against NumPy 1.24's own results (reference BLAS): shapes, dtypes and the bits of every element.
#include <catch2/catch.hpp>

#include <bit>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <vector>

#include "common/error.hpp"
#include "support/owned_tensor.hpp"
#include "tensor/half.hpp"
#include "tensor/numpy_matmul.hpp"
#include "tensor/strided.hpp"

using namespace msprobe::tensor;

namespace {

// ((i * mul) % mod) / div - off for i < n, rounded to the element type as
// NumPy's astype does (float16 by way of float32, as the reference was made).
struct Pattern {
    std::int64_t mul = 37, mod = 101;
    double div = 7.0, off = 5.0;
    double at(std::int64_t i) const { return static_cast<double>((i * mul) % mod) / div - off; }
};
constexpr Pattern kLeft{};
constexpr Pattern kRight{53, 97, 9.0, 4.0};

TensorView f32(std::vector<std::int64_t> shape, Pattern p) {
    std::int64_t n = 1;
    for (auto d : shape) n *= d;
    std::vector<float> v;
    for (std::int64_t i = 0; i < n; ++i) v.push_back(static_cast<float>(p.at(i)));
    return msprobe::testing::owned_tensor(DType::Float32, std::move(shape), std::move(v));
}
TensorView f16(std::vector<std::int64_t> shape, Pattern p) {
    std::int64_t n = 1;
    for (auto d : shape) n *= d;
    std::vector<std::uint16_t> v;
    for (std::int64_t i = 0; i < n; ++i) v.push_back(float_to_half(static_cast<float>(p.at(i))));
    return msprobe::testing::owned_tensor(DType::Float16, std::move(shape), std::move(v));
}
TensorView f64(std::vector<std::int64_t> shape, Pattern p) {
    std::int64_t n = 1;
    for (auto d : shape) n *= d;
    std::vector<double> v;
    for (std::int64_t i = 0; i < n; ++i) v.push_back(p.at(i));
    return msprobe::testing::owned_tensor(DType::Float64, std::move(shape), std::move(v));
}

template <class Bits>
std::vector<Bits> bits_of(const TensorView& v) {
    REQUIRE(dtype_size(v.dtype) == sizeof(Bits));
    REQUIRE(v.is_contiguous());
    std::vector<Bits> out(static_cast<std::size_t>(v.numel()));
    std::memcpy(out.data(), v.data, out.size() * sizeof(Bits));
    return out;
}

using Shape = std::vector<std::int64_t>;

}  // namespace

TEST_CASE("float32 matmul sums each element in order in float32, as NumPy does", "[tensor][numpy_matmul]") {
    // Five of these six elements differ from the float64 product rounded to float32.
    const auto r = numpy_matmul(f32({3, 40}, kLeft), f32({40, 2}, kRight));
    CHECK(r.dtype == DType::Float32);
    CHECK(r.shape == Shape{3, 2});
    CHECK(bits_of<std::uint32_t>(r) ==
          std::vector<std::uint32_t>{0x4390f9e8, 0xc1eb8e35, 0x43040410, 0xc1f6fbf6, 0x42dfe7a0, 0x43301c70});
}

TEST_CASE("float16 matmul sums in float32 and rounds once to float16", "[tensor][numpy_matmul]") {
    const auto r = numpy_matmul(f16({2, 300}, kLeft), f16({300, 2}, kRight));
    CHECK(r.dtype == DType::Float16);
    CHECK(r.shape == Shape{2, 2});
    CHECK(bits_of<std::uint16_t>(r) == std::vector<std::uint16_t>{0x627a, 0x612f, 0x621e, 0x6267});
}

TEST_CASE("a 1-D left operand is a row whose dimension leaves the result", "[tensor][numpy_matmul]") {
    // float16 x float32 -> float32
    const auto r = numpy_matmul(f16({5}, kLeft), f32({5, 3}, kRight));
    CHECK(r.dtype == DType::Float32);
    CHECK(r.shape == Shape{3});
    CHECK(bits_of<std::uint32_t>(r) == std::vector<std::uint32_t>{0xc016a8e0, 0x410b1872, 0x420c940e});
}

TEST_CASE("a 1-D right operand is a column, and float32 x float64 is float64", "[tensor][numpy_matmul]") {
    const auto r = numpy_matmul(f32({2, 3}, kLeft), f64({3}, kRight));
    CHECK(r.dtype == DType::Float64);
    CHECK(r.shape == Shape{2});
    CHECK(bits_of<std::uint64_t>(r) == std::vector<std::uint64_t>{0x400e9a69578e38e0, 0xc00bcf3d01c71c70});
}

TEST_CASE("two 1-D operands give a 0-d tensor", "[tensor][numpy_matmul]") {
    const auto r = numpy_matmul(f32({4}, kLeft), f32({4}, kRight));
    CHECK(r.shape.empty());
    CHECK(bits_of<std::uint32_t>(r) == std::vector<std::uint32_t>{0xc0cfbefe});
}

TEST_CASE("batch dimensions broadcast", "[tensor][numpy_matmul]") {
    const auto r = numpy_matmul(f64({2, 1, 3, 4}, kLeft), f64({5, 4, 2}, kRight));
    CHECK(r.shape == Shape{2, 5, 3, 2});
    const auto bits = bits_of<std::uint64_t>(r);
    REQUIRE(bits.size() == 60);
    // The first two, a middle pair (batch 1, 0) and the last two elements.
    CHECK(bits[0] == 0x4027249249249249);
    CHECK(bits[1] == 0xc011a69a69a69a6c);
    CHECK(bits[30] == 0xc030b6db6db6db6e);
    CHECK(bits[31] == 0x4030efbefbefbefc);
    CHECK(bits[58] == 0x4001e79e79e79e74);
    CHECK(bits[59] == 0xc018924924924927);
    // A batched tensor against one matrix: every batch times the same matrix.
    const auto batched = numpy_matmul(f32({2, 3, 40}, kLeft), f32({40, 2}, kRight));
    CHECK(batched.shape == Shape{2, 3, 2});
    const auto first = bits_of<std::uint32_t>(numpy_matmul(f32({3, 40}, kLeft), f32({40, 2}, kRight)));
    const auto all = bits_of<std::uint32_t>(batched);
    CHECK(std::vector<std::uint32_t>(all.begin(), all.begin() + 6) == first);
}

TEST_CASE("a strided operand is read in logical order", "[tensor][numpy_matmul]") {
    // The transpose of a row-major 2x3 [[1,2,3],[4,5,6]] is [[1,4],[2,5],[3,6]].
    auto t = msprobe::testing::owned_tensor(DType::Float32, {2, 3}, std::vector<float>{1, 2, 3, 4, 5, 6});
    t.shape = {3, 2};
    t.strides = {1, 3};
    const auto r =
        numpy_matmul(msprobe::testing::owned_tensor(DType::Float32, {1, 3}, std::vector<float>{1, 10, 100}), t);
    CHECK(r.shape == Shape{1, 2});
    CHECK(bits_of<std::uint32_t>(r) ==
          std::vector<std::uint32_t>{std::bit_cast<std::uint32_t>(321.0f), std::bit_cast<std::uint32_t>(654.0f)});
}

TEST_CASE("integer matmul wraps in the promoted integer type", "[tensor][numpy_matmul]") {
    const auto a = msprobe::testing::owned_tensor(DType::Int8, {2, 3}, std::vector<std::int8_t>{100, -100, 7, 3, 4, 5});
    const auto b =
        msprobe::testing::owned_tensor(DType::UInt8, {3, 2}, std::vector<std::uint8_t>{200, 1, 2, 250, 255, 3});
    const auto r = numpy_matmul(a, b);
    CHECK(r.dtype == DType::Int16);
    CHECK(bits_of<std::int16_t>(r) == std::vector<std::int16_t>{21585, -24879, 1883, 1018});

    const auto c = msprobe::testing::owned_tensor(DType::Int32, {2, 2}, std::vector<std::int32_t>{1 << 30, 3, 5, -7});
    const auto d = msprobe::testing::owned_tensor(DType::Int32, {2, 2}, std::vector<std::int32_t>{4, 1, 1 << 29, 9});
    CHECK(bits_of<std::int32_t>(numpy_matmul(c, d)) ==
          std::vector<std::int32_t>{1610612736, 1073741851, 536870932, -58});
}

TEST_CASE("bool matmul is any of the ands, int64 x float32 is float64", "[tensor][numpy_matmul]") {
    const auto a = msprobe::testing::owned_tensor(DType::Bool, {2, 3}, std::vector<std::uint8_t>{1, 0, 1, 0, 0, 0});
    const auto b = msprobe::testing::owned_tensor(DType::Bool, {3, 2}, std::vector<std::uint8_t>{0, 1, 0, 1, 1, 0});
    const auto r = numpy_matmul(a, b);
    CHECK(r.dtype == DType::Bool);
    CHECK(bits_of<std::uint8_t>(r) == std::vector<std::uint8_t>{1, 1, 0, 0});

    const auto i = msprobe::testing::owned_tensor(DType::Int64, {2, 2}, std::vector<std::int64_t>{1, 2, 3, 4});
    const auto f = msprobe::testing::owned_tensor(DType::Float32, {2, 2}, std::vector<float>{0.5f, 0.25f, 1.5f, 2.0f});
    const auto m = numpy_matmul(i, f);
    CHECK(m.dtype == DType::Float64);
    CHECK(bits_of<std::uint64_t>(m) ==
          std::vector<std::uint64_t>{0x400c000000000000, 0x4011000000000000, 0x401e000000000000, 0x4021800000000000});
}

TEST_CASE("numpy.matmul's refusals are errors", "[tensor][numpy_matmul]") {
    const auto matrix = f32({4, 3}, kLeft);
    CHECK_THROWS_AS(numpy_matmul(f32({}, kLeft), matrix), msprobe::Error);      // 0-d
    CHECK_THROWS_AS(numpy_matmul(f32({2, 3}, kLeft), matrix), msprobe::Error);  // 3 against 4
    CHECK_THROWS_AS(numpy_matmul(f32({3}, kLeft), matrix), msprobe::Error);     // vector of 3 against 4
    CHECK_THROWS_AS(numpy_matmul(f32({2, 2, 4}, kLeft), f32({3, 4, 3}, kRight)), msprobe::Error);  // 2 against 3
    auto bf16 = f16({2, 4}, kLeft);
    bf16.dtype = DType::BFloat16;
    CHECK_THROWS_AS(numpy_matmul(bf16, matrix), msprobe::Error);
    CHECK_THROWS_AS(numpy_matmul(matrix, bf16), msprobe::Error);
}

TEST_CASE("blocks of rows, columns and depth, in any order, sum each element in NumPy's order",
          "[tensor][numpy_matmul]") {
    // 2 batches of 70 rows (3 row blocks), 300 deep (3 depth blocks), 1100 wide (2 column blocks).
    const auto a = f32({2, 70, 300}, kLeft);
    const auto b = f32({300, 1100}, kRight);
    const auto sequential = numpy_matmul(a, b);
    std::vector<std::int64_t> order;
    const auto backwards = numpy_matmul(a, b, [&](std::int64_t count, const std::function<void(std::int64_t)>& body) {
        for (std::int64_t i = count; i-- > 0;) {
            order.push_back(i);
            body(i);
        }
    });
    CHECK(order.size() == 6);
    CHECK(bits_of<std::uint32_t>(backwards) == bits_of<std::uint32_t>(sequential));
    // The last element against a plain float32 sum in order.
    float sum = 0;
    for (std::int64_t l = 0; l < 300; ++l) {
        const float x = static_cast<float>(kLeft.at(70 * 300 + 69 * 300 + l));
        const float y = static_cast<float>(kRight.at(l * 1100 + 1099));
        const volatile float product = x * y;  // rounded apart from the sum, on any target
        sum += product;
    }
    CHECK(bits_of<std::uint32_t>(sequential).back() == std::bit_cast<std::uint32_t>(sum));
}
