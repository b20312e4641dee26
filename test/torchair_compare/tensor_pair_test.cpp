// One golden tensor against one of ours (torchair_cmp_utils.py: fill_row_data,
// check_tensor, compare_tensor): reasons instead of metrics, joined by spaces.
#include "torchair_compare/tensor_pair.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <memory>

#include "torchair_compare/compare_row.hpp"

using namespace msprobe;
using namespace msprobe::torchair_compare;

namespace {

tensor::TensorView floats(std::vector<float> values) {
    auto owner = std::make_shared<std::vector<float>>(std::move(values));
    tensor::TensorView view;
    view.shape = {static_cast<std::int64_t>(owner->size())};
    view.strides = {1};
    view.data = reinterpret_cast<const std::byte*>(owner->data());
    view.owner = owner;
    return view;
}

}  // namespace

TEST_CASE("tensor pair: equal lengths and finite values get metrics and an empty reason",
          "[torchair_compare][tensor_pair]") {
    const auto cells = compare_tensor_pair(floats({1, 2}), floats({1, 4}));
    REQUIRE(cells.metrics);
    CHECK(cells.metrics->values[1] == 1.0);  // |4 / 2 - 1|
    CHECK(cells.reason.empty());
    CHECK(cells.golden.shape == "[2]");
    CHECK(cells.my.max == 4.0);
}

TEST_CASE("tensor pair: check_tensor's reasons, joined by a space", "[torchair_compare][tensor_pair]") {
    CHECK(compare_tensor_pair(floats({1, 2}), floats({1})).reason == "data shape doesn't match.");
    const float nan = std::nanf("");
    const float inf = INFINITY;
    CHECK(compare_tensor_pair(floats({1, nan}), floats({1, 2})).reason == "golden_data includes NAN or inf.");
    CHECK(compare_tensor_pair(floats({1, 2}), floats({inf, 2})).reason == "my_data includes NAN or inf.");
    const auto all = compare_tensor_pair(floats({nan}), floats({inf, 1}));
    CHECK(all.reason == "data shape doesn't match. golden_data includes NAN or inf. my_data includes NAN or inf.");
    CHECK_FALSE(all.metrics);
    CHECK(all.golden.dtype == "torch.float32");  // both sides are still described
}

TEST_CASE("tensor pair: two empty tensors pass the check but get no metrics", "[torchair_compare][tensor_pair]") {
    const auto cells = compare_tensor_pair(empty_float_tensor(), empty_float_tensor());
    CHECK_FALSE(cells.metrics);
    CHECK(cells.reason.empty());
    CHECK(cells.golden.shape == "[0]");
}
