// The constructed comparator cases of spec run_ut §17.2: the same bench and
// device tensors fed to our comparator and CSV writers must give msprobe's
// files byte for byte (fixtures reference_samples/run_ut_golden/compare_cases_*).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "precision/run_ut_report.hpp"
#include "precision_test_data.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace {

using namespace msprobe::precision;
using msprobe::tensor::DType;
using msprobe::precision::testing::out;
using msprobe::precision::testing::torch_linspace;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

ApiOutputs forward_only(std::string name, OutputValue bench, OutputValue device) {
    ApiOutputs o;
    o.full_name = std::move(name);
    o.bench_forward = std::move(bench);
    o.device_forward = std::move(device);
    return o;
}

std::vector<double> scaled(const std::vector<double>& v, double factor, Fp fp) {
    std::vector<double> r;
    for (double x : v) r.push_back(round_to(fp, x * round_to(fp, factor)));
    return r;
}

std::vector<ApiComparison> golden_cases(int lanes32, int lanes64) {
    std::vector<ApiOutputs> cases;
    cases.push_back(forward_only("Functional.gelu.0", out(DType::Float32, {0.5, -1.25, 3.0, 1e-4, 0.0, 2.0}),
                                 out(DType::Float16, {0.5, -1.25, 3.002, 1e-4, 0.0, 2.0})));
    cases.push_back(forward_only("Tensor.mul.0", out(DType::Float64, {1, 2, 3, 1e-7}),
                                 out(DType::Float32, {1, 2.0000002, 3, 1.5e-7})));
    cases.push_back(forward_only("Torch.matmul.0", out(DType::Float32, {1, 2, 3, 4}, {2, 2}),
                                 out(DType::Float16, {1, 2.002, 3, 4}, {2, 2})));
    cases.push_back(forward_only("Torch.abs.0", out(DType::Float32, {1, 2, 3}), out(DType::Float16, {1, 2, 3})));
    cases.push_back(forward_only("Functional.conv2d.0", out(DType::Float32, {1, 2, 3, 4}),
                                 out(DType::Float32, {1, 2.004, 3, 4})));
    cases.push_back(forward_only("Torch.argmax.0", out(DType::Int64, {1, 2, 3}), out(DType::Int64, {1, 2, 4})));
    cases.push_back(forward_only("Torch.add.0", out(DType::Float32, std::vector<double>(6, 0.0), {2, 3}),
                                 out(DType::Float32, {0, 0, 0})));
    cases.push_back(forward_only("Torch.sum.0", out(DType::Float32, {1, 2, 3, 0.001}),
                                 out(DType::BFloat16, {1, 2, 3, 0.001})));
    cases.push_back(forward_only("Torch.exp.0", out(DType::Float64, {1, kNaN, 2}), out(DType::Float32, {1, 1, 2})));
    cases.push_back(forward_only("Tensor.item.0", OutputValue::of_int(3), OutputValue::of_int(3)));
    cases.push_back(forward_only("Tensor.dim.0", OutputValue::of_int(2), OutputValue::of_int(3)));
    {
        ApiOutputs o = forward_only("Torch.max.0",
                                    OutputValue::sequence({out(DType::Float64, {1, 2}), out(DType::Int64, {3, 4})}),
                                    OutputValue::sequence({out(DType::Float32, {1, 2}), out(DType::Int64, {3, 4})}));
        o.bench_grads = {out(DType::Float64, {0.5, 0.5}), OutputValue::none()};
        o.device_grads = {out(DType::Float32, {0.5, 0.5}), OutputValue::none()};
        cases.push_back(std::move(o));
    }
    {
        ApiOutputs o = forward_only("Tensor.add_.0", out(DType::Float64, {1, 2}), out(DType::Float32, {1, 2}));
        o.backward_message = "function with out=... arguments don't support automatic differentiation, skip backward.";
        cases.push_back(std::move(o));
    }
    cases.push_back(forward_only("Functional.dropout.0", out(DType::Float32, std::vector<double>(200, 0.0)),
                                 out(DType::Float32, std::vector<double>(200, 1.0))));
    const auto lin32 = torch_linspace(1, 2, 1000, Fp::F32, lanes32);
    cases.push_back(forward_only("Functional.silu.0", out(DType::Float32, lin32),
                                 out(DType::Float16, scaled(lin32, 1.002, Fp::F32))));
    const auto lin64 = torch_linspace(1, 2, 1000, Fp::F64, lanes64);
    cases.push_back(forward_only("Functional.silu.1", out(DType::Float64, lin64),
                                 out(DType::Float32, scaled(lin64, 1.002, Fp::F64))));
    std::vector<ApiComparison> results;
    for (const auto& c : cases) results.push_back(compare_api(c));
    return results;
}

}  // namespace

TEST_CASE("constructed comparator cases reproduce msprobe's run_ut CSV files byte for byte",
          "[precision][golden][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto golden = *fixtures / "reference_samples" / "run_ut_golden";
    const auto dir = msprobe::testing::scratch_dir("precision_compare_cases");
    // torch.linspace as ATen's AVX2 kernel computes it (8 float, 4 double lanes).
    const auto report = RunUtReport::create(dir, "20260101000000");
    for (const auto& api : golden_cases(8, 4)) report.append(api);
    using msprobe::testing::read_file_text;
    CHECK(read_file_text(report.result_path()) ==
          read_file_text(golden / "compare_cases_accuracy_checking_result_20260101000000.csv"));
    CHECK(read_file_text(report.details_path()) ==
          read_file_text(golden / "compare_cases_accuracy_checking_details_20260101000000.csv"));
}
