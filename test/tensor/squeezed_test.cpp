// numpy.squeeze as a view: the size-1 dimensions and their strides leave, the elements stay.
#include <catch2/catch.hpp>

#include <vector>

#include "tensor/squeezed.hpp"

using namespace msprobe::tensor;

TEST_CASE("squeezed drops every dimension of size 1", "[tensor][squeezed]") {
    const std::vector<float> values{1, 2, 3, 4, 5, 6};
    TensorView v;
    v.dtype = DType::Float32;
    v.shape = {1, 2, 1, 3, 1};
    v.strides = {6, 3, 3, 1, 1};
    v.data = reinterpret_cast<const std::byte*>(values.data());
    const auto s = squeezed(v);
    CHECK(s.shape == std::vector<std::int64_t>{2, 3});
    CHECK(s.strides == std::vector<std::int64_t>{3, 1});
    CHECK(s.data == v.data);

    v.shape = {1, 1};
    v.strides = {1, 1};
    const auto scalar = squeezed(v);
    CHECK(scalar.shape.empty());
    CHECK(scalar.numel() == 1);
}
