// The dtype, shape, max, min and mean msprobe writes of each side
// (torchair_cmp_utils.py:get_tensor_basic_info).
#include "torchair_compare/tensor_statistics.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <memory>

#include "torchair_compare/float_elements.hpp"

using namespace msprobe;
using namespace msprobe::torchair_compare;

namespace {

tensor::TensorView float_view(std::vector<float> values, std::vector<std::int64_t> shape) {
    auto owner = std::make_shared<std::vector<float>>(std::move(values));
    tensor::TensorView view;
    view.shape = shape;
    std::vector<std::int64_t> strides(shape.size(), 1);
    for (std::size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * std::max<std::int64_t>(shape[i], 1);
    view.strides = strides;
    view.data = reinterpret_cast<const std::byte*>(owner->data());
    view.owner = owner;
    return view;
}

}  // namespace

TEST_CASE("statistics: msprobe's own 2x2 case", "[torchair_compare][tensor_statistics]") {
    const auto view = float_view({1, 2, 3, 4}, {2, 2});
    const auto stats = tensor_statistics(view, float_elements(view));
    CHECK(stats.dtype == "torch.float32");
    CHECK(stats.shape == "[2, 2]");
    CHECK(stats.max == 4.0);
    CHECK(stats.min == 1.0);
    CHECK(stats.mean == 2.5);
}

TEST_CASE("statistics: an empty tensor has dtype and shape only", "[torchair_compare][tensor_statistics]") {
    const auto view = float_view({}, {0, 3});
    const auto stats = tensor_statistics(view, float_elements(view));
    CHECK(stats.shape == "[0, 3]");
    CHECK_FALSE(stats.max);
    CHECK_FALSE(stats.mean);
}

TEST_CASE("statistics: a 0-d tensor is a list of no dims", "[torchair_compare][tensor_statistics]") {
    const auto view = float_view({-7.5f}, {});
    const auto stats = tensor_statistics(view, float_elements(view));
    CHECK(stats.shape == "[]");
    CHECK(stats.max == -7.5);
    CHECK(stats.mean == -7.5);
}

TEST_CASE("statistics: NaN wins max, min and mean, the mean is float32", "[torchair_compare][tensor_statistics]") {
    const auto with_nan = float_view({1, std::nanf(""), 3}, {3});
    const auto stats = tensor_statistics(with_nan, float_elements(with_nan));
    CHECK(std::isnan(*stats.max));
    CHECK(std::isnan(*stats.min));
    CHECK(std::isnan(*stats.mean));
    const auto thirds = float_view({0.1f, 0.2f, 0.7f}, {3});
    // float32(0.1 + 0.2 + 0.7 summed exactly) / 3.
    const double exact = static_cast<double>(0.1f) + static_cast<double>(0.2f) + static_cast<double>(0.7f);
    CHECK(tensor_statistics(thirds, float_elements(thirds)).mean == static_cast<float>(exact) / 3.0f);
}
