// A tensor as torch's .reshape(-1).float() gives it: row-major, one rounding to float32.
#include "torchair_compare/float_elements.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>

#include "tensor/half.hpp"

using namespace msprobe;
using namespace msprobe::torchair_compare;

namespace {

template <class T>
tensor::TensorView view_of(const std::vector<T>& values, tensor::DType dtype, std::vector<std::int64_t> shape,
                           std::vector<std::int64_t> strides) {
    auto owner = std::make_shared<std::vector<T>>(values);
    tensor::TensorView view;
    view.dtype = dtype;
    view.shape = std::move(shape);
    view.strides = std::move(strides);
    view.data = reinterpret_cast<const std::byte*>(owner->data());
    view.owner = owner;
    return view;
}

}  // namespace

TEST_CASE("float_elements: strided views in row-major order", "[torchair_compare][float_elements]") {
    // A 2x3 array stored column by column: row-major order reads 1 2 3 4 5 6.
    const auto view = view_of<float>({1, 4, 2, 5, 3, 6}, tensor::DType::Float32, {2, 3}, {1, 2});
    CHECK(float_elements(view) == std::vector<float>{1, 2, 3, 4, 5, 6});
}

TEST_CASE("float_elements: int64 rounds once, straight to float32", "[torchair_compare][float_elements]") {
    // 2^24 + 1 is halfway between two floats: ties to even give 2^24. 2^53 + 2^29 + 1 through a double would
    // first round to 2^53 + 2^29 (a float32 tie) and then to 2^53; straight to float32 it is above the
    // halfway point and rounds up to 2^53 + 2^30.
    const std::int64_t two53 = std::int64_t{1} << 53;
    const auto view =
        view_of<std::int64_t>({16777217, two53 + (std::int64_t{1} << 29) + 1, -3}, tensor::DType::Int64, {3}, {1});
    const auto values = float_elements(view);
    CHECK(values[0] == 16777216.0f);
    CHECK(values[1] == static_cast<float>(two53 + (std::int64_t{1} << 30)));
    CHECK(values[2] == -3.0f);
}

TEST_CASE("float_elements: float16, bool and float64", "[torchair_compare][float_elements]") {
    const auto half = view_of<std::uint16_t>({tensor::float_to_half(0.5f), tensor::float_to_half(-2.0f)},
                                             tensor::DType::Float16, {2}, {1});
    CHECK(float_elements(half) == std::vector<float>{0.5f, -2.0f});
    const auto flags = view_of<std::uint8_t>({0, 7}, tensor::DType::Bool, {2}, {1});
    CHECK(float_elements(flags) == std::vector<float>{0.0f, 1.0f});
    const auto wide = view_of<double>({0.1, 1e300}, tensor::DType::Float64, {2}, {1});
    const auto values = float_elements(wide);
    CHECK(values[0] == 0.1f);
    CHECK(std::isinf(values[1]));
}
