// float16 and bfloat16 widened to float32 exactly, strided views included.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "tensor/half.hpp"
#include "tensor/widen.hpp"

using namespace msprobe::tensor;

namespace {

TensorView half_view(DType dtype, const std::vector<std::uint16_t>& bits, std::vector<std::int64_t> shape,
                     std::vector<std::int64_t> strides) {
    TensorView v;
    v.dtype = dtype;
    v.shape = std::move(shape);
    v.strides = std::move(strides);
    v.data = reinterpret_cast<const std::byte*>(bits.data());
    return v;
}

std::vector<float> floats_of(const TensorView& v) {
    REQUIRE(v.dtype == DType::Float32);
    REQUIRE(v.is_contiguous());
    std::vector<float> out(static_cast<std::size_t>(v.numel()));
    std::memcpy(out.data(), v.data, out.size() * sizeof(float));
    return out;
}

}  // namespace

TEST_CASE("float16 values widen to the same float32 values", "[tensor][widen]") {
    // 1, -2, 65504 (largest finite), 2^-24 (smallest subnormal), +inf, 0.333251953125 (nearest to 1/3)
    const std::vector<std::uint16_t> bits = {0x3C00, 0xC000, 0x7BFF, 0x0001, 0x7C00, 0x3555};
    const auto wide = floats_of(widened_to_float32(half_view(DType::Float16, bits, {2, 3}, {3, 1})));
    CHECK(wide == std::vector<float>{1.0f, -2.0f, 65504.0f, 0x1p-24f, std::numeric_limits<float>::infinity(),
                                     0.333251953125f});
    const std::vector<std::uint16_t> nan = {0x7E00};
    CHECK(std::isnan(floats_of(widened_to_float32(half_view(DType::Float16, nan, {1}, {1})))[0]));
}

TEST_CASE("bfloat16 values widen to the same float32 values, in row-major order", "[tensor][widen]") {
    // 1, 3.140625, -inf, -0 laid out as the transpose of a 2x2 matrix.
    const std::vector<std::uint16_t> bits = {0x3F80, 0x4049, 0xFF80, 0x8000};
    const auto wide = floats_of(widened_to_float32(half_view(DType::BFloat16, bits, {2, 2}, {1, 2})));
    REQUIRE(wide.size() == 4);
    CHECK(wide[0] == 1.0f);
    CHECK(wide[1] == -std::numeric_limits<float>::infinity());
    CHECK(wide[2] == 3.140625f);
    CHECK(wide[3] == 0.0f);
    CHECK(std::signbit(wide[3]));
}

TEST_CASE("widen_float16 gives half_to_float's bits for every float16 pattern", "[tensor][widen]") {
    std::vector<std::uint16_t> all(65536);
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<std::uint16_t>(i);
    std::vector<float> wide(all.size());
    widen_float16(reinterpret_cast<const std::byte*>(all.data()), all.size(), wide.data());
    for (std::size_t i = 0; i < all.size(); ++i) {
        const float expected = half_to_float(all[i]);
        if (std::memcmp(&wide[i], &expected, sizeof(float)) != 0) FAIL("float16 bits " << i);
    }
    // A contiguous float16 view takes this path in widened_to_float32 too.
    const auto view = floats_of(widened_to_float32(half_view(DType::Float16, all, {65536}, {1})));
    CHECK(std::memcmp(view.data(), wide.data(), wide.size() * sizeof(float)) == 0);
}
