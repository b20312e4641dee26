// The CPU golden implementations of torch_npu's fused operators give the
// values their formulas give on small inputs worked out by hand, and an NPU
// API in a dump runs through run_ut instead of being skipped.
// (REQUIRE only: libtorch's glog headers define their own CHECK macros.)
#include <ATen/ATen.h>

#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>

#include "result_rows.hpp"
#include "run_ut/api_executor.hpp"
#include "run_ut/run_ut_job.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::run_ut;

namespace {

PyValue tensor(std::vector<double> values, std::vector<std::int64_t> shape) {
    return PyValue::of_tensor(at::tensor(values, at::kDouble).reshape(shape));
}

std::vector<double> values(const c10::IValue& v) {
    const auto t = v.toTensor().to(at::kDouble).contiguous();
    return std::vector<double>(t.data_ptr<double>(), t.data_ptr<double>() + t.numel());
}

const c10::IValue& first(const c10::IValue& v) { return v.toTupleRef().elements().at(0); }

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

}  // namespace

TEST_CASE("npu_fast_gelu, npu_rms_norm, npu_rotary_mul, npu_swiglu", "[run_ut][npu]") {
    const auto gelu = values(execute_api("NPU", "npu_fast_gelu", {{tensor({1, -1, 0}, {3})}, {}}));
    REQUIRE(gelu[0] == Approx(sigmoid(1.702)));
    REQUIRE(gelu[1] == Approx(-sigmoid(-1.702)));
    REQUIRE(gelu[2] == 0);

    const auto rms = execute_api(
        "NPU", "npu_rms_norm", {{tensor({3, 4}, {1, 2}), tensor({1, 2}, {2})}, {{"epsilon", PyValue::of_float(0.0)}}});
    const double rstd = 1.0 / std::sqrt(12.5);
    REQUIRE(values(first(rms))[0] == Approx(3 * rstd));
    REQUIRE(values(first(rms))[1] == Approx(8 * rstd));
    REQUIRE(rms.toTupleRef().elements().at(1).toTensor().scalar_type() == at::kFloat);

    const auto x = tensor({1, 2, 3, 4}, {1, 1, 1, 4});
    REQUIRE(values(execute_api("NPU", "npu_rotary_mul", {{x, tensor({0}, {1}), tensor({1}, {1})}, {}})) ==
            std::vector<double>{-3, -4, 1, 2});
    REQUIRE(values(execute_api("NPU", "npu_rotary_mul", {{x, tensor({2}, {1}), tensor({0}, {1})}, {}})) ==
            std::vector<double>{2, 4, 6, 8});

    REQUIRE(values(execute_api("NPU", "npu_swiglu", {{tensor({1, 2}, {2})}, {}}))[0] == Approx(sigmoid(1.0) * 2));
    // bfloat16: silu rounded to bfloat16 before the product, as the operator does.
    const auto half =
        execute_api("NPU", "npu_swiglu", {{PyValue::of_tensor(at::tensor({1.0f, 3.0f}).to(at::kBFloat16))}, {}});
    REQUIRE(half.toTensor().scalar_type() == at::kBFloat16);
    const float silu =
        static_cast<float>(at::tensor({static_cast<float>(sigmoid(1.0))}).to(at::kBFloat16).item<float>());
    REQUIRE(half.toTensor().to(at::kFloat).item<float>() ==
            at::tensor({silu * 3.0f}).to(at::kBFloat16).to(at::kFloat).item<float>());
}

TEST_CASE("npu_confusion_transpose, npu_scaled_masked_softmax, npu_moe_gating_top_k_softmax", "[run_ut][npu]") {
    const auto x = tensor({0, 1, 2, 3, 4, 5}, {2, 3});
    const auto perm = PyValue::list({PyValue::of_int(1), PyValue::of_int(0)});
    const auto shape = PyValue::list({PyValue::of_int(6)});
    REQUIRE(values(execute_api("NPU", "npu_confusion_transpose", {{x, perm, shape, PyValue::of_bool(true)}, {}})) ==
            std::vector<double>{0, 3, 1, 4, 2, 5});

    const auto scores = tensor({0, 0, 0, 0}, {2, 2});
    const auto mask =
        PyValue::of_tensor(at::tensor(std::vector<std::uint8_t>{0, 1, 0, 0}).reshape({2, 2}).to(at::kBool));
    const auto soft = values(execute_api("NPU", "npu_scaled_masked_softmax", {{scores, mask}, {}}));
    REQUIRE(soft == std::vector<double>{1, 0, 0.5, 0.5});

    const auto gating = execute_api("NPU", "npu_moe_gating_top_k_softmax", {{tensor({0, std::log(3.0)}, {1, 2})}, {}});
    const auto& parts = gating.toTupleRef().elements();
    REQUIRE(values(parts.at(0))[0] == Approx(0.75));
    REQUIRE(parts.at(1).toTensor().item<int>() == 1);
    REQUIRE(parts.at(2).toTensor().item<int>() == 0);
}

TEST_CASE("npu_fusion_attention equals softmax attention in every layout, with GQA and causal masks", "[run_ut][npu]") {
    at::manual_seed(5);
    const std::int64_t b = 1, n = 2, s = 3, d = 4;
    const auto q = at::randn({b, n, s, d}, at::kDouble);
    const auto k = at::randn({b, 1, s, d}, at::kDouble);  // one kv head shared by both query heads
    const auto v = at::randn({b, 1, s, d}, at::kDouble);
    const double scale = 0.5;
    const auto causal = at::ones({s, s}, at::kBool).triu(1);
    const auto expected =
        at::matmul(at::softmax((at::matmul(q, k.transpose(2, 3)) * scale).masked_fill(causal, -40000.0), -1),
                   v.expand({b, n, s, d}));
    auto call = [&](const at::Tensor& qq, const at::Tensor& kk, const at::Tensor& vv, const char* layout) {
        return execute_api("NPU", "npu_fusion_attention",
                           {{PyValue::of_tensor(qq), PyValue::of_tensor(kk), PyValue::of_tensor(vv), PyValue::of_int(n),
                             PyValue::of_str(layout)},
                            {{"scale", PyValue::of_float(scale)}, {"sparse_mode", PyValue::of_int(2)}}});
    };
    const auto bnsd = first(call(q, k, v, "BNSD")).toTensor();
    REQUIRE(at::allclose(bnsd, expected));
    const auto bsnd =
        first(call(q.permute({0, 2, 1, 3}), k.permute({0, 2, 1, 3}), v.permute({0, 2, 1, 3}), "BSND")).toTensor();
    REQUIRE(at::allclose(bsnd.permute({0, 2, 1, 3}), expected));
    auto to_bsh = [&](const at::Tensor& t) { return t.permute({0, 2, 1, 3}).reshape({b, s, -1}); };
    const auto bsh = first(call(to_bsh(q), to_bsh(k), to_bsh(v), "BSH")).toTensor();
    REQUIRE(at::allclose(bsh, to_bsh(expected)));
    // The fixed 2048x2048 mask of sparse mode 2 is rebuilt at the sequence lengths.
    const auto given = execute_api("NPU", "npu_fusion_attention",
                                   {{PyValue::of_tensor(q), PyValue::of_tensor(k), PyValue::of_tensor(v),
                                     PyValue::of_int(n), PyValue::of_str("BNSD")},
                                    {{"atten_mask", PyValue::of_tensor(at::ones({2048, 2048}, at::kBool).triu(1))},
                                     {"scale", PyValue::of_float(scale)},
                                     {"sparse_mode", PyValue::of_int(2)}}});
    REQUIRE(at::allclose(first(given).toTensor(), expected));
}

TEST_CASE("NPU APIs of a dump run through run_ut, those without a bench function are SKIP rows", "[run_ut][npu]") {
    const auto dir = testing::scratch_dir("run_ut_npu");
    auto leaf = [](const char* shape, double lo, double hi) {
        return std::string(R"({"type": "torch.Tensor", "dtype": "torch.float32", "shape": )") + shape + R"(, "Max": )" +
               std::to_string(hi) + R"(, "Min": )" + std::to_string(lo) + R"(, "requires_grad": false})";
    };
    std::ofstream(dir / "dump.json")
        << R"({"task": "statistics", "level": "L1", "dump_data_dir": null, "data": {)"
        << R"("NPU.npu_rms_norm.0.forward": {"input_args": [)" << leaf("[4, 8]", -1, 1) << ", " << leaf("[8]", 0.5, 1.5)
        << R"(], "input_kwargs": {"epsilon": {"type": "float", "value": 1e-06}}, "output": []},)"
        << R"("NPU.npu_fusion_attention.0.forward": {"input_args": [)" << leaf("[1, 4, 16]", -1, 1) << ", "
        << leaf("[1, 4, 16]", -1, 1) << ", " << leaf("[1, 4, 16]", -1, 1)
        << R"(, {"type": "int", "value": 2}, {"type": "str", "value": "BSH"}], "input_kwargs": {"scale": {"type": "float", "value": 0.35},)"
        << R"( "sparse_mode": {"type": "int", "value": 0}}, "output": []},)"
        << R"("NPU.npu_dtype_cast.0.forward": {"input_args": [)" << leaf("[2]", 0, 1)
        << R"(], "input_kwargs": {}, "output": []}}})";
    run_ut::RunUtOptions options;
    options.api_info = dir / "dump.json";
    options.out_dir = dir / "out";
    const auto summary = run_ut::run_ut(options);
    const auto rows = testing::csv_rows_by_name(summary.result_csv);
    const auto details = testing::csv_rows_by_name(summary.details_csv);
    REQUIRE(rows.at("NPU.npu_rms_norm.0")[1] == "pass");
    REQUIRE(details.at("NPU.npu_rms_norm.0.forward.output.1")[2] == "torch.float32");  // rstd
    REQUIRE(rows.at("NPU.npu_fusion_attention.0")[1] == "pass");
    REQUIRE(details.count("NPU.npu_fusion_attention.0.forward.output.0") == 1);
    REQUIRE(details.count("NPU.npu_fusion_attention.0.forward.output.1") == 0);  // only the attention output is judged
    REQUIRE(rows.at("NPU.npu_dtype_cast.0")[1] == "SKIP");
    REQUIRE(rows.at("NPU.npu_dtype_cast.0")[3] == "There is not bench function npu_dtype_cast");
}

TEST_CASE("npu_apply_adam and npu_apply_adam_w: one optimizer step", "[run_ut][npu]") {
    // var 1, m 0, v 0, grad 0.5, lr 0.1, betas 0.9/0.999, eps 1e-8, first step (beta powers 1 for adam_w's
    // product form, i.e. 1 - 0.9 and 1 - 0.999 corrections).
    const auto state = PyValue::list({tensor({1}, {1}), tensor({0}, {1}), tensor({0}, {1})});
    const auto grad = tensor({0.5}, {1});
    const double m = 0.05, v = 0.001 * 0.25;
    const auto adam_w =
        execute_api("NPU", "npu_apply_adam_w",
                    {{PyValue::of_float(1.0), PyValue::of_float(1.0), PyValue::of_float(0.1), PyValue::of_float(0.01),
                      PyValue::of_float(0.9), PyValue::of_float(0.999), PyValue::of_float(1e-8), grad, PyValue::none(),
                      PyValue::of_bool(false), PyValue::of_bool(false)},
                     {{"out", state}}});
    const double var_t = 1 - 0.1 * 0.01;
    const double expected_w = var_t - 0.1 * (m / 0.1) / (std::sqrt(v / 0.001) + 1e-8);
    REQUIRE(values(first(adam_w))[0] == Approx(expected_w));
    REQUIRE(values(adam_w.toTupleRef().elements().at(1))[0] == Approx(m));
    REQUIRE(values(adam_w.toTupleRef().elements().at(2))[0] == Approx(v));

    // npu_apply_adam takes the powers already raised: beta1_power 0.9, beta2_power 0.999 for the first step.
    const auto adam = execute_api("NPU", "npu_apply_adam",
                                  {{PyValue::of_float(0.9), PyValue::of_float(0.999), PyValue::of_float(0.1),
                                    PyValue::of_float(0.9), PyValue::of_float(0.999), PyValue::of_float(1e-8), grad},
                                   {{"out", state}}});
    const double lr_t = 0.1 * std::sqrt(1 - 0.999) / (1 - 0.9);
    REQUIRE(values(first(adam))[0] == Approx(1 - lr_t * m / (1e-8 + std::sqrt(v))));
}
