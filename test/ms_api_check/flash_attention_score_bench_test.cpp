// msprobe's FlashAttentionScore bench (mindspore bench_functions/flash_attention_score.py) on attention small
// enough to work out by hand.
#include <catch2/catch.hpp>

#include <cmath>

#include "ms_api_check/bench_run.hpp"
#include "ms_api_check/check_skipped.hpp"
#include "ms_api_check/flash_attention_score_bench.hpp"

using namespace msprobe::ms_api_check;
using msprobe::run_ut::PyCall;
using msprobe::run_ut::PyValue;

namespace {

// One batch, one head, two positions, head dimension 1 (BNSD): q = k = (1, 0), v = (1, 3).
PyCall two_positions(const std::string& layout = "BNSD") {
    PyCall call;
    const auto shape = layout == "BNSD" ? std::vector<std::int64_t>{1, 1, 2, 1} : std::vector<std::int64_t>{1, 2, 1};
    call.args = {PyValue::of_tensor(at::tensor({1.0f, 0.0f}).reshape(shape)),
                 PyValue::of_tensor(at::tensor({1.0f, 0.0f}).reshape(shape)),
                 PyValue::of_tensor(at::tensor({1.0f, 3.0f}).reshape(shape)), PyValue::of_int(1)};
    call.kwargs = {{"scalar_value", PyValue::of_float(1.0)}, {"input_layout", PyValue::of_str(layout)}};
    return call;
}

}  // namespace

TEST_CASE("flash attention score bench: a given mask of zeros, every position attended", "[ms_api_check]") {
    PyCall call = two_positions();
    call.kwargs.emplace_back("attn_mask", PyValue::of_tensor(at::zeros({2, 2}, at::kByte)));
    const auto out = flash_attention_score_bench(call).toTupleRef().elements();
    REQUIRE(out.size() == 3);
    const auto y = out[0].toTensor();
    CHECK(y.scalar_type() == at::kDouble);  // GTYPE
    const double e = std::exp(1.0);
    // Scores (1, 0) and (0, 0): softmax (e, 1) / (e + 1) and (1/2, 1/2) over v = (1, 3).
    CHECK(y[0][0][0][0].item<double>() == Approx((e + 3.0) / (e + 1.0)).epsilon(1e-15));
    CHECK(y[0][0][1][0].item<double>() == Approx(2.0).epsilon(1e-15));
    const auto max = out[1].toTensor();
    CHECK((max.sizes() == at::IntArrayRef{1, 1, 2, 8}));
    CHECK(max[0][0][0][7].item<double>() == 1.0);
    CHECK(out[2].toTensor()[0][0][0][0].item<double>() == Approx(1.0 + 1.0 / e).epsilon(1e-15));
}

TEST_CASE("flash attention score bench: sparse_mode 2 without a mask is causal, and BSH reads the same",
          "[ms_api_check]") {
    PyCall call = two_positions("BSH");
    call.kwargs.emplace_back("sparse_mode", PyValue::of_int(2));
    const auto y = flash_attention_score_bench(call).toTupleRef().elements()[0].toTensor();
    CHECK((y.sizes() == at::IntArrayRef{1, 2, 1}));
    CHECK(y[0][0][0].item<double>() == 1.0);  // the first position sees only itself
    CHECK(y[0][1][0].item<double>() == 2.0);
}

TEST_CASE("flash attention score bench: msprobe's own failures", "[ms_api_check]") {
    // sparse_mode 0 without a mask: generate_attn_mask adds 1 to next_tokens, which the forward never set.
    CHECK_THROWS_WITH(flash_attention_score_bench(two_positions()),
                      "unsupported operand type(s) for +: 'NoneType' and 'int'");
    PyCall tnd = two_positions();
    tnd.kwargs[1].second = PyValue::of_str("TND");
    CHECK_THROWS_WITH(flash_attention_score_bench(tnd), "input_layout TND does not supported for now.");
    PyCall no_head = two_positions();
    no_head.args.pop_back();
    CHECK_THROWS_AS(flash_attention_score_bench(no_head), CheckSkipped);
}

TEST_CASE("flash attention score bench: backward through autograd of the forward, gradients at the input dtype",
          "[ms_api_check]") {
    BenchCall bench{kFusionFamily, "flash_attention_score", two_positions()};
    bench.call.kwargs.emplace_back("attn_mask", PyValue::of_tensor(at::zeros({2, 2}, at::kByte)));
    // Only the attention output is seeded (one recorded gradient): dout = (1, 0).
    const auto grads = bench_backward(bench, {PyValue::of_tensor(at::tensor({1.0f, 0.0f}).reshape({1, 1, 2, 1}))});
    REQUIRE(grads.size() == 3);  // query, key, value
    CHECK(grads[2].dtype == "Float32");
    const double e = std::exp(1.0);
    // dv = softmax^T dout: the first row of the softmax.
    CHECK(grads[2].values[0] == Approx(e / (e + 1.0)).epsilon(1e-6));
    CHECK(grads[2].values[1] == Approx(1.0 / (e + 1.0)).epsilon(1e-6));
}
