// Row-major walks over views with any strides, and their dense copies.
#include <catch2/catch.hpp>

#include <cstring>
#include <vector>

#include "tensor/strided.hpp"

using namespace msprobe::tensor;

namespace {

// A float32 view over `storage` with the given shape and strides (in elements).
TensorView view_of(const std::vector<float>& storage, std::vector<std::int64_t> shape,
                   std::vector<std::int64_t> strides) {
    TensorView v;
    v.dtype = DType::Float32;
    v.shape = std::move(shape);
    v.strides = std::move(strides);
    v.data = reinterpret_cast<const std::byte*>(storage.data());
    return v;
}

std::vector<float> walk(const TensorView& v) {
    std::vector<float> out;
    for_each_element(v, [&](const std::byte* element) {
        float x;
        std::memcpy(&x, element, sizeof x);
        out.push_back(x);
    });
    return out;
}

}  // namespace

TEST_CASE("for_each_element visits in row-major order whatever the strides", "[tensor][strided]") {
    const std::vector<float> storage = {0, 1, 2, 3, 4, 5};
    CHECK(walk(view_of(storage, {2, 3}, {3, 1})) == std::vector<float>{0, 1, 2, 3, 4, 5});
    // The transpose of a 3x2 matrix: element [i][j] sits at i + 2j.
    CHECK(walk(view_of(storage, {2, 3}, {1, 2})) == std::vector<float>{0, 2, 4, 1, 3, 5});
    // Every other element.
    CHECK(walk(view_of(storage, {3}, {2})) == std::vector<float>{0, 2, 4});
    // A broadcast row: stride 0 repeats the same elements.
    CHECK(walk(view_of(storage, {2, 2}, {0, 1})) == std::vector<float>{0, 1, 0, 1});
    // The stride of a size-1 dimension is never followed.
    CHECK(walk(view_of(storage, {1, 3}, {1000000, 1})) == std::vector<float>{0, 1, 2});
    CHECK(walk(view_of(storage, {2, 1, 2}, {3, 1000000, 1})) == std::vector<float>{0, 1, 3, 4});
    CHECK(walk(view_of(storage, {}, {})) == std::vector<float>{0});
    CHECK(walk(view_of(storage, {2, 0}, {3, 1})).empty());
}

TEST_CASE("to_contiguous copies a strided view and returns a dense one as it is", "[tensor][strided]") {
    const std::vector<float> storage = {0, 1, 2, 3, 4, 5};
    const TensorView dense = view_of(storage, {2, 3}, {3, 1});
    CHECK(to_contiguous(dense).data == dense.data);

    const TensorView copy = to_contiguous(view_of(storage, {2, 3}, {1, 2}));
    CHECK(copy.data != dense.data);
    CHECK(copy.shape == std::vector<std::int64_t>{2, 3});
    CHECK(copy.is_contiguous());
    CHECK(copy.dtype == DType::Float32);
    std::vector<float> values(6);
    std::memcpy(values.data(), copy.data, sizeof(float) * values.size());
    CHECK(values == std::vector<float>{0, 2, 4, 1, 3, 5});
}
