// The NPU backward bench functions of Aten-level dumps against closed forms
// and against autograd of plain ATen compositions of the forward.
// (REQUIRE only: libtorch's glog headers define their own CHECK macros.)
#include <ATen/ATen.h>

#include <catch2/catch.hpp>

#include <cmath>

#include "run_ut/api_executor.hpp"

using namespace msprobe::run_ut;

namespace {

PyValue arg(const at::Tensor& tensor) { return PyValue::of_tensor(tensor); }

at::Tensor doubles(std::vector<double> values, std::vector<std::int64_t> shape) {
    return at::tensor(values, at::kDouble).reshape(shape);
}

const at::Tensor element(const c10::IValue& v, std::size_t i) { return v.toTupleRef().elements().at(i).toTensor(); }

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

}  // namespace

TEST_CASE("npu_fast_gelu_backward equals the closed form of spec run_ut §7", "[run_ut][npu]") {
    const auto x = doubles({0.5, -0.7, 2.0}, {3});
    const auto grad = doubles({1.0, 2.0, -1.0}, {3});
    const auto out = execute_api("Aten", "npu_fast_gelu_backward", {{arg(grad), arg(x)}, {}}).toTensor();
    for (int k = 0; k < 3; ++k) {
        const double xv = x[k].item<double>(), g = grad[k].item<double>();
        const double e = std::exp(-1.702 * std::abs(xv));
        const double expected = g * (e + 1.702 * xv * e + std::exp(1.702 * (xv - std::abs(xv)))) / ((e + 1) * (e + 1));
        REQUIRE(out[k].item<double>() == Approx(expected));
    }
}

TEST_CASE("npu_rotary_mul_backward and npu_swiglu_backward", "[run_ut][npu]") {
    const auto x = doubles({1, 2, 3, 4}, {1, 1, 1, 4});
    const auto one = doubles({1}, {1});
    const auto out =
        execute_api("Aten", "npu_rotary_mul_backward", {{arg(at::ones_like(x)), arg(x), arg(one), arg(one)}, {}});
    REQUIRE(at::equal(element(out, 0), doubles({2, 2, 0, 0}, {1, 1, 1, 4})));  // r1·g + rotᵀ(r2·g)
    REQUIRE(element(out, 1).item<double>() == 10);                            // Σ x·g
    REQUIRE(element(out, 2).item<double>() == -4);                            // Σ rot(x)·g

    const auto ab = doubles({1, 2}, {2});
    const auto d = execute_api("Aten", "npu_swiglu_backward", {{arg(doubles({1}, {1})), arg(ab)}, {}}).toTensor();
    const double s = sigmoid(1.0);
    REQUIRE(d[0].item<double>() == Approx(2 * (s + s * (1 - s))));
    REQUIRE(d[1].item<double>() == Approx(s));
}

TEST_CASE("npu_rms_norm_backward, npu_linear_backward and matmul_backward match autograd", "[run_ut][npu]") {
    at::manual_seed(3);
    const auto x = at::randn({3, 4}, at::kDouble);
    const auto gamma = at::randn({4}, at::kDouble);
    const auto dy = at::randn({3, 4}, at::kDouble);
    const double eps = 1e-6;
    auto xl = x.clone().requires_grad_(true);
    auto gl = gamma.clone().requires_grad_(true);
    const auto rstd = at::rsqrt(xl.pow(2).mean(-1, true) + eps);
    (xl * rstd * gl).backward(dy);
    const auto out =
        execute_api("Aten", "npu_rms_norm_backward", {{arg(dy), arg(x), arg(gamma), arg(rstd.detach())}, {}});
    REQUIRE(at::allclose(element(out, 0), xl.grad()));
    REQUIRE(at::allclose(element(out, 1), gl.grad()));  // reduced to gamma's shape

    const auto w = at::randn({5, 4}, at::kDouble);
    const auto g = at::randn({3, 5}, at::kDouble);
    auto il = x.clone().requires_grad_(true);
    auto wl = w.clone().requires_grad_(true);
    at::linear(il, wl).backward(g);
    const auto lin = execute_api("Aten", "npu_linear_backward", {{arg(g), arg(x), arg(w)}, {}});
    REQUIRE(at::allclose(element(lin, 0), il.grad()));
    REQUIRE(at::allclose(element(lin, 1), wl.grad()));

    const auto mask = PyValue::list({PyValue::of_bool(true), PyValue::of_bool(false)});
    const auto mm = execute_api("Aten", "matmul_backward", {{arg(g), arg(x), arg(w.t().contiguous()), mask}, {}});
    REQUIRE(at::allclose(element(mm, 0), g.matmul(w)));
    REQUIRE(mm.toTupleRef().elements().at(1).isNone());
}

TEST_CASE("npu_scaled_masked_softmax_backward and npu_fusion_attention_grad match autograd", "[run_ut][npu]") {
    at::manual_seed(4);
    const auto x = at::randn({2, 3}, at::kDouble);
    const auto mask = doubles({0, 0, 1, 0, 0, 0}, {2, 3}).to(at::kBool);
    const auto dy = at::randn({2, 3}, at::kDouble);
    auto xl = x.clone().requires_grad_(true);
    const auto y = at::softmax((xl * 0.5).masked_fill(mask, -10000), -1);
    y.backward(dy);
    const auto dx =
        execute_api("Aten", "npu_scaled_masked_softmax_backward",
                    {{arg(dy), arg(y.detach()), arg(mask), PyValue::of_float(0.5), PyValue::of_bool(false)}, {}})
            .toTensor();
    REQUIRE(at::allclose(dx, xl.grad().masked_fill(mask, 0)));

    const std::int64_t b = 1, n = 2, s = 3, d = 4;
    const auto q = at::randn({b, n, s, d}, at::kDouble);
    const auto k = at::randn({b, 1, s, d}, at::kDouble);
    const auto v = at::randn({b, 1, s, d}, at::kDouble);
    const auto grad = at::randn({b, n, s, d}, at::kDouble);
    auto ql = q.clone().requires_grad_(true), kl = k.clone().requires_grad_(true), vl = v.clone().requires_grad_(true);
    at::matmul(at::softmax(at::matmul(ql, kl.expand({b, n, s, d}).transpose(2, 3)) * 0.5, -1), vl.expand({b, n, s, d}))
        .backward(grad);
    const auto out = execute_api("Aten", "npu_fusion_attention_grad",
                                 {{arg(q), arg(k), arg(v), arg(grad), PyValue::of_int(n), PyValue::of_str("BNSD")},
                                  {{"scale_value", PyValue::of_float(0.5)}, {"sparse_mode", PyValue::of_int(1)}}});
    REQUIRE(at::allclose(element(out, 0), ql.grad()));
    REQUIRE(at::allclose(element(out, 1), kl.grad()));  // GQA: summed over the two query heads
    REQUIRE(at::allclose(element(out, 2), vl.grad()));
}

TEST_CASE("npu_confusion_transpose_backward undoes the forward for both flag values", "[run_ut][npu]") {
    const auto x = at::arange(24, at::kDouble).reshape({2, 3, 4});
    const auto perm = PyValue::list({PyValue::of_int(0), PyValue::of_int(2), PyValue::of_int(1)});
    const auto x_shape = PyValue::list({PyValue::of_int(2), PyValue::of_int(3), PyValue::of_int(4)});
    // Forward with transpose_first: permute then reshape to (2, 12); its derivative runs with the flag cleared.
    const auto y = execute_api(
        "NPU", "npu_confusion_transpose",
        {{arg(x), perm, PyValue::list({PyValue::of_int(2), PyValue::of_int(12)}), PyValue::of_bool(true)}, {}});
    const auto back = execute_api("Aten", "npu_confusion_transpose_backward",
                                  {{arg(y.toTensor()), perm, x_shape, PyValue::of_bool(false)}, {}}).toTensor();
    REQUIRE(at::equal(back, x));
    // Forward without it: reshape to (2, 4, 3) then permute; the derivative runs with the flag set.
    const auto y2 =
        execute_api("NPU", "npu_confusion_transpose",
                    {{arg(x), perm, PyValue::list({PyValue::of_int(2), PyValue::of_int(4), PyValue::of_int(3)}),
                      PyValue::of_bool(false)},
                     {}});
    const auto back2 = execute_api("Aten", "npu_confusion_transpose_backward",
                                   {{arg(y2.toTensor()), perm, x_shape, PyValue::of_bool(true)}, {}}).toTensor();
    REQUIRE(at::equal(back2, x));
}
