#include "kernel_dump_compare/float_array.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>

#include "tensor/half.hpp"

using namespace msprobe;
using namespace msprobe::kernel_dump_compare;

TEST_CASE("float array: numpy's transpose and crop", "[kernel_dump_compare]") {
    const FloatArray a{{2, 3}, {0, 1, 2, 3, 4, 5}};
    const std::vector<std::size_t> axes = {1, 0};
    const FloatArray t = transposed(a, axes);
    CHECK(t.shape == std::vector<std::int64_t>{3, 2});
    CHECK(t.values == std::vector<float>{0, 3, 1, 4, 2, 5});
    const FloatArray c = cropped(a, std::vector<std::int64_t>{1, 2});
    CHECK(c.shape == std::vector<std::int64_t>{1, 2});
    CHECK(c.values == std::vector<float>{0, 1});
    CHECK(cropped(a, std::vector<std::int64_t>{5}).values == a.values);  // a limit past the dim keeps it whole
}

TEST_CASE("float array: half floats widened exactly, float32 read in place", "[kernel_dump_compare]") {
    // Every float16 bit pattern: the vector loop's widening equals the scalar reference's.
    std::vector<std::uint16_t> all(65536);
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<std::uint16_t>(i);
    auto storage = std::make_shared<std::vector<std::uint16_t>>(all);
    tensor::TensorView halves;
    halves.dtype = tensor::DType::Float16;
    halves.shape = {65536};
    halves.strides = {1};
    halves.data = reinterpret_cast<const std::byte*>(storage->data());
    halves.owner = storage;
    const auto widened = float32_values(halves);
    for (std::size_t i = 0; i < all.size(); ++i) {
        const float expected = tensor::half_to_float(all[i]);
        std::uint32_t a, b;
        std::memcpy(&a, &widened[i], 4);
        std::memcpy(&b, &expected, 4);
        if (a != b) FAIL("half " << i);
    }
    auto floats = std::make_shared<std::vector<float>>(std::vector<float>{1, 2, 3});
    tensor::TensorView view;
    view.dtype = tensor::DType::Float32;
    view.shape = {3};
    view.strides = {1};
    view.data = reinterpret_cast<const std::byte*>(floats->data());
    view.owner = floats;
    const Float32Values in_place = float32_view(view);
    CHECK(in_place.copy.empty());
    CHECK(in_place.values.data() == floats->data());
}
