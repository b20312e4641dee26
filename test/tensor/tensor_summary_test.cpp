// One tensor summarised as msprobe's `pt` shows it: max/min/mean with NumPy's
// arithmetic, nan/inf counts, the spec line and numpy.savetxt's text.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "common/error.hpp"
#include "support/loaded_tensor.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_tensors.hpp"
#include "tensor/half.hpp"
#include "tensor/tensor_file.hpp"
#include "tensor/tensor_summary.hpp"

using namespace msprobe;
using msprobe::testing::scratch_dir;

TEST_CASE("spec 2.2: float16 arange(12).reshape(3, 4) / 3 summary and txt", "[parse]") {
    const auto dir = scratch_dir("parse_f16");
    std::vector<float> v;
    for (int i = 0; i < 12; ++i)
        v.push_back(tensor::half_to_float(tensor::float_to_half(static_cast<float>(i) / 3.0f)));
    testing::write_npy_f16(dir / "a.npy", {3, 4}, v);
    const testing::LoadedTensor t = testing::load_tensor_values(dir / "a.npy");
    const tensor::TensorSummary s = tensor::summarize(t.view, t.values);
    CHECK(tensor::spec_text(s) == "[Shape: (3, 4)] [Dtype: float16] [Max: 3.666] [Min: 0.0] [Mean: 1.833]");
    CHECK(tensor::values_text(t.values, t.view.shape) ==
          "0 0.333252 0.666504 1\n1.33301 1.66699 2 2.33398\n2.66602 3 3.33398 3.66602\n");
}

TEST_CASE("summaries: NaN makes max and min nan, inf counted by sign, integers mean in float64", "[tensor][summary]") {
    const auto dir = scratch_dir("tensor_summary_counts");
    const float inf = std::numeric_limits<float>::infinity();
    testing::write_npy_f32(dir / "x.npy", {2, 3}, {1, -2, inf, std::nanf(""), -inf, 0.5f});
    const testing::LoadedTensor x = testing::load_tensor_values(dir / "x.npy");
    const tensor::TensorSummary s = tensor::summarize(x.view, x.values);
    CHECK(s.numel == 6);
    CHECK(std::isnan(s.max));
    CHECK(std::isnan(s.min));
    CHECK(s.nan_count == 1);
    CHECK(s.posinf_count == 1);
    CHECK(s.neginf_count == 1);
    CHECK(tensor::spec_text(s) == "[Shape: (2, 3)] [Dtype: float32] [Max: nan] [Min: nan] [Mean: nan]");

    testing::write_npy_i64(dir / "i.npy", {4}, {1, 2, 3, 5});
    const testing::LoadedTensor i = testing::load_tensor_values(dir / "i.npy");
    const tensor::TensorSummary si = tensor::summarize(i.view, i.values);
    CHECK(si.mean_dtype == tensor::DType::Float64);
    CHECK(si.mean == 2.75);
    CHECK(tensor::spec_text(si) == "[Shape: (4,)] [Dtype: int64] [Max: 5] [Min: 1] [Mean: 2.75]");

    testing::write_npy_f32(dir / "e.npy", {0}, {});
    const testing::LoadedTensor e = testing::load_tensor_values(dir / "e.npy");
    const tensor::TensorSummary se = tensor::summarize(e.view, e.values);
    CHECK(se.numel == 0);
    CHECK(std::isnan(se.mean));
}

TEST_CASE("numpy's pairwise float32 sum keeps what a running sum rounds away", "[tensor][summary]") {
    // 2^24 then eight ones: a running float32 sum stays at 2^24; numpy's eight
    // accumulators give the exact 2^24 + 8.
    std::vector<double> values(9, 1.0);
    values[0] = 16777216.0;
    CHECK(tensor::numpy_sum_float32(values.data(), 9, false) == 16777224.0f);
    float running = 0;
    for (double v : values) running += static_cast<float>(v);
    CHECK(running == 16777216.0f);
    CHECK(tensor::numpy_sum_float64(values.data(), 9, true) == 16777224.0);
    CHECK(tensor::numpy_sum_float32(values.data(), 0, true) == 0.0f);
}

TEST_CASE("values_text: one line per last-dimension row, one value per line for 0-d", "[tensor][summary]") {
    CHECK(tensor::values_text({1, 2, 3, 4, 5, 6}, {2, 3}) == "1 2 3\n4 5 6\n");
    CHECK(tensor::values_text({0.5}, {}) == "0.5\n");
    CHECK(tensor::values_text({1e6, -0.25}, {2}) == "1e+06 -0.25\n");
    CHECK(tensor::values_text({}, {0}).empty());
}

TEST_CASE("tensor_values refuses complex tensors, naming the file", "[tensor][summary]") {
    tensor::TensorView complex;
    complex.dtype = tensor::DType::Complex64;
    try {
        tensor::tensor_values(complex, "c.pt");
        FAIL("complex tensors must be refused");
    } catch (const Error& e) {
        CHECK(e.file() == "c.pt");
        CHECK(e.reason() == "complex tensors are not supported by parse");
    }
}
