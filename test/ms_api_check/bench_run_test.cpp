// The torch bench of a MindSpore API: forward outputs, and the backward of api_runner.py's torch branch.
#include <catch2/catch.hpp>

#include "ms_api_check/bench_run.hpp"
#include "ms_api_check/check_skipped.hpp"

using namespace msprobe::ms_api_check;
using msprobe::run_ut::PyValue;

TEST_CASE("bench run: mint.nn.functional.relu runs torch.nn.functional.relu", "[ms_api_check]") {
    BenchCall bench{"Functional", "relu", {}};
    bench.call.args.push_back(PyValue::of_tensor(at::tensor({1.0f, -2.0f, 3.0f, -4.0f})));
    const auto out = bench_forward(bench);
    REQUIRE(out.size() == 1);
    CHECK(out[0].dtype == "Float32");
    CHECK((out[0].shape == std::vector<std::int64_t>{4}));
    CHECK((out[0].values == std::vector<double>{1, 0, 3, 0}));
}

TEST_CASE("bench run: a tuple result is its elements, scalars by their Python type", "[ms_api_check]") {
    BenchCall topk{"Tensor", "topk", {}};
    topk.call.args = {PyValue::of_tensor(at::tensor({3.0f, 1.0f, 2.0f})), PyValue::of_int(2)};
    const auto out = bench_forward(topk);
    REQUIRE(out.size() == 2);
    CHECK((out[0].values == std::vector<double>{3, 2}));
    CHECK(out[1].dtype == "Int64");
    CHECK((checked_value_of(c10::IValue(std::int64_t{3})).dtype == "int"));
    CHECK(checked_value_of(c10::IValue(0.5)).dtype == "float");
    CHECK(checked_value_of(c10::IValue()).kind == CheckedValue::Kind::None);
}

TEST_CASE("bench run: backward seeds each output with its gradient, floating arguments get grads", "[ms_api_check]") {
    BenchCall mul{"Torch", "mul", {}};
    mul.call.args = {PyValue::of_tensor(at::tensor({1.0f, 2.0f})), PyValue::of_tensor(at::tensor({3.0f, 4.0f}))};
    const auto grads = bench_backward(mul, {PyValue::of_tensor(at::tensor({1.0f, 10.0f}))});
    REQUIRE(grads.size() == 2);
    CHECK((grads[0].values == std::vector<double>{3, 40}));  // d(a*b)/da * g = b * g
    CHECK((grads[1].values == std::vector<double>{1, 20}));
    // An integer argument gets no grad and is not among the results.
    BenchCall add{"Torch", "add", {}};
    add.call.args = {PyValue::of_tensor(at::tensor({1.0f, 2.0f})), PyValue::of_tensor(at::tensor({1, 2}))};
    CHECK((bench_backward(add, {PyValue::of_tensor(at::tensor({1.0f, 1.0f}))}).size() == 1));
}

TEST_CASE("bench run: a leaf that requires grad used in place fails as torch fails it", "[ms_api_check]") {
    BenchCall add_{"Tensor", "add_", {}};
    add_.call.args = {PyValue::of_tensor(at::tensor({1.0f})), PyValue::of_int(1)};
    CHECK_THROWS_AS(bench_backward(add_, {PyValue::of_tensor(at::tensor({1.0f}))}), CheckSkipped);
    CHECK((bench_forward(add_)[0].values == std::vector<double>{2}));
}
