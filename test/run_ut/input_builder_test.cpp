// random_tensor (spec run_ut §5.4) against the ATen expression it stands for:
// rand(shape) * (high - low) + low with the ends set to low and high, drawn
// from the same seed. random_tensor computes the affine step on the data for
// float32/float64, so every byte must still match ATen's kernels (NaN
// from 0 * inf included).
#include <ATen/ATen.h>
#include <catch2/catch.hpp>
#include <rapidjson/document.h>

#include <vector>

#include "run_ut/input_builder.hpp"

using msprobe::run_ut::random_tensor;

namespace {

at::Tensor aten_reference(at::ScalarType dtype, std::int64_t n, double low, double high) {
    auto t = at::rand({n}, at::TensorOptions().dtype(dtype)).mul(high - low).add(low);
    t[0].fill_(low);
    t[n - 1].fill_(high);
    return t;
}

// The bits as integers of the same width, so NaNs and signed zeros compare too.
at::Tensor bits(const at::Tensor& t) {
    switch (t.element_size()) {
        case 2: return t.view(at::kShort);
        case 4: return t.view(at::kInt);
        default: return t.view(at::kLong);
    }
}

}  // namespace

TEST_CASE("random_tensor matches ATen's rand * scale + low byte for byte", "[run_ut]") {
    const std::vector<std::pair<double, double>> ranges = {
        {-1.0, 2.0}, {0.0, 1.0}, {1e-3, 5e4}, {-3.0e38, 3.0e38}, {-123.456, -0.001}, {7.0, 7.0}};
    // 1, 5 and 31 elements leave a scalar tail next to the vectorised body; 16 and 1000 do not.
    const std::vector<std::int64_t> sizes = {1, 5, 16, 31, 1000};
    for (const auto dtype : {at::kFloat, at::kDouble, at::kHalf, at::kBFloat16}) {
        for (const auto& [low, high] : ranges) {
            if (dtype == at::kHalf && high > 65504.0) continue;  // beyond float16: the inf branch, not this one
            for (const auto n : sizes) {
                rapidjson::Value min(low), max(high);
                at::manual_seed(77);
                const auto got = random_tensor(dtype, {n}, min, max);
                at::manual_seed(77);
                const auto want = aten_reference(dtype, n, low, high);
                INFO("dtype " << c10::toString(dtype) << ", range [" << low << ", " << high << "], " << n
                              << " elements");
                REQUIRE(got.scalar_type() == dtype);
                CHECK(at::equal(bits(got), bits(want)));
            }
        }
    }
}
