// np.concatenate along one axis: the joined elements in numpy's order, strided
// parts copied, and numpy's refusals.
#include <catch2/catch.hpp>

#include <cstring>

#include "tensor/concatenate.hpp"
#include "tensor/strided.hpp"

using namespace msprobe::tensor;

namespace {

TensorView floats(std::vector<std::int64_t> shape, std::vector<float> values) {
    auto owner = std::make_shared<std::vector<float>>(std::move(values));
    TensorView view;
    view.dtype = DType::Float32;
    view.strides = row_major_strides(shape);
    view.shape = std::move(shape);
    view.data = reinterpret_cast<const std::byte*>(owner->data());
    view.owner = owner;
    return view;
}

std::vector<float> values_of(const TensorView& view) {
    std::vector<float> out(static_cast<std::size_t>(view.numel()));
    const TensorView dense = to_contiguous(view);
    std::memcpy(out.data(), dense.data, out.size() * sizeof(float));
    return out;
}

}  // namespace

TEST_CASE("concatenate: 2-d parts along dim 1 interleave their rows, along dim 0 stack", "[tensor][concatenate]") {
    const auto a = floats({2, 2}, {1, 2, 3, 4});
    const auto b = floats({2, 1}, {5, 6});
    const auto joined = concatenated({a, b}, 1);
    CHECK(joined.shape == std::vector<std::int64_t>{2, 3});
    CHECK(values_of(joined) == std::vector<float>{1, 2, 5, 3, 4, 6});
    const auto c = floats({1, 2}, {7, 8});
    const auto stacked = concatenated({a, c}, 0);
    CHECK(stacked.shape == std::vector<std::int64_t>{3, 2});
    CHECK(values_of(stacked) == std::vector<float>{1, 2, 3, 4, 7, 8});
}

TEST_CASE("concatenate: a strided part is read in its logical order", "[tensor][concatenate]") {
    auto transposed = floats({2, 2}, {1, 2, 3, 4});
    transposed.strides = {1, 2};  // [[1, 3], [2, 4]]
    const auto joined = concatenated({transposed, floats({2, 1}, {9, 9})}, 1);
    CHECK(values_of(joined) == std::vector<float>{1, 3, 9, 2, 4, 9});
}

TEST_CASE("concatenate: numpy's refusals", "[tensor][concatenate]") {
    const auto a = floats({2, 2}, {1, 2, 3, 4});
    CHECK(concatenation_problem({a, floats({3, 1}, {1, 2, 3})}, 1) == "the tensors differ in a dim other than axis 1");
    CHECK(concatenation_problem({floats({4}, {1, 2, 3, 4}), floats({4}, {1, 2, 3, 4})}, 1) == "axis 1 of a 1-d tensor");
    auto halves = a;
    halves.dtype = DType::Float16;
    CHECK(concatenation_problem({a, halves}, 0) == "the tensors differ in dtype");
    CHECK_FALSE(concatenation_problem({a, a}, 0).has_value());
}
