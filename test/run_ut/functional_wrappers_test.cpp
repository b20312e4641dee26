// torch.nn.functional's Python wrappers that rework their arguments before
// one ATen call (inplace flags, implicit softmax dims, dropout, loss
// reductions, pooling with indices, embedding(_bag), ctc_loss) on small
// inputs worked out by hand, and the functions run_ut refuses, with their reasons.
// (REQUIRE only: libtorch's glog headers define their own CHECK macros.)
#include "run_ut/functional_wrappers.hpp"

#include <ATen/ATen.h>

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "run_ut/api_executor.hpp"
#include "run_ut/skip_api.hpp"
#include "torch_values.hpp"

using namespace msprobe::run_ut;
using namespace msprobe::testing;

TEST_CASE("embedding_bag and ctc_loss", "[run_ut][functional_wrappers]") {
    const auto weight = float_tensor({1, 10, 2, 20, 3, 30}, {3, 2});
    SECTION("2-D input: fixed bags, mean") {
        const auto input = PyValue::of_tensor(at::tensor(std::vector<std::int64_t>{0, 2, 1, 1}).reshape({2, 2}));
        const auto out = execute_api("Functional", "embedding_bag", {{input, weight}, {}});
        REQUIRE(float_values(out) == std::vector<float>{2, 20, 2, 20});
    }
    SECTION("1-D input with offsets: sum") {
        const auto input = PyValue::of_tensor(at::tensor(std::vector<std::int64_t>{0, 1, 2}));
        const auto offsets = PyValue::of_tensor(at::tensor(std::vector<std::int64_t>{0, 1}));
        const auto out =
            execute_api("Functional", "embedding_bag", {{input, weight, offsets}, {{"mode", PyValue::of_str("sum")}}});
        REQUIRE(float_values(out) == std::vector<float>{1, 10, 5, 50});
    }
    SECTION("ctc_loss of a certain path is zero") {
        // One time step, two classes, log-probabilities log(1) for class 1: target [1] has probability 1.
        const auto log_probs = PyValue::of_tensor(at::tensor(std::vector<float>{-1e4f, 0.0f}).reshape({1, 1, 2}));
        const auto targets = PyValue::of_tensor(at::tensor(std::vector<std::int64_t>{1}).reshape({1, 1}));
        const auto out =
            execute_api("Functional", "ctc_loss",
                        {{log_probs, targets, PyValue::list({PyValue::of_int(1)}), PyValue::list({PyValue::of_int(1)})},
                         {{"reduction", PyValue::of_str("sum")}}});
        REQUIRE(float_values(out)[0] == Approx(0.0).margin(1e-6));
    }
}

TEST_CASE("adaptive_max_pool keeps the values unless indices are asked for", "[run_ut][functional_wrappers]") {
    const auto x = float_tensor({1, 5, 2, 4}, {1, 1, 4});
    const auto values_only = execute_api("Functional", "adaptive_max_pool1d", {{x, PyValue::of_int(2)}, {}});
    REQUIRE(float_values(values_only) == std::vector<float>{5, 4});
    const auto with_indices =
        execute_api("Functional", "adaptive_max_pool1d_with_indices", {{x, PyValue::of_int(2)}, {}});
    REQUIRE(with_indices.toTupleRef().elements().at(1).toTensor().flatten()[0].item<std::int64_t>() == 1);
}

TEST_CASE("activations: the inplace flag writes into the input, relu6 clamps at 6", "[run_ut][functional_wrappers]") {
    auto x = float_tensor({-1, 2, 7}, {3});
    const auto copy = execute_api("Functional", "relu", {{x}, {}});
    REQUIRE(float_values(copy) == std::vector<float>{0, 2, 7});
    REQUIRE(float_values(c10::IValue(x.tensor)) == std::vector<float>{-1, 2, 7});  // untouched
    execute_api("Functional", "relu", {{x}, {{"inplace", PyValue::of_bool(true)}}});
    REQUIRE(float_values(c10::IValue(x.tensor)) == std::vector<float>{0, 2, 7});
    REQUIRE(float_values(execute_api("Functional", "relu6", {{float_tensor({-1, 2, 7}, {3})}, {}})) ==
            std::vector<float>{0, 2, 6});
    const auto leaky = execute_api("Functional", "leaky_relu", {{float_tensor({-100, 3}, {2})}, {}});
    REQUIRE(float_values(leaky)[0] == Approx(-1.0));  // the default slope 0.01
}

TEST_CASE("softmax without dim picks torch 1.13's implicit dim", "[run_ut][functional_wrappers]") {
    // A 2-D input: dim 1, each row sums to 1; a 3-D input: dim 0.
    const auto rows = execute_api("Functional", "softmax", {{float_tensor({0, 0, 5, 5}, {2, 2})}, {}});
    REQUIRE(float_values(rows) == std::vector<float>{0.5, 0.5, 0.5, 0.5});
    const auto planes = execute_api("Functional", "softmax", {{float_tensor({0, 5, 0, 5}, {2, 1, 2})}, {}});
    REQUIRE(float_values(planes) == std::vector<float>{0.5, 0.5, 0.5, 0.5});
    // softmin is softmax of the negated input.
    const auto least =
        float_values(execute_api("Functional", "softmin", {{float_tensor({0, std::log(3.0F)}, {2})}, {}}));
    REQUIRE(least[0] == Approx(0.75));
}

TEST_CASE("losses: legacy size_average and reduce become a reduction", "[run_ut][functional_wrappers]") {
    const auto input = float_tensor({1, 2, 3}, {3});
    const auto target = float_tensor({0, 0, 0}, {3});
    REQUIRE(float_values(execute_api("Functional", "mse_loss", {{input, target}, {}})) ==
            std::vector<float>{14.0F / 3});
    REQUIRE(float_values(
                execute_api("Functional", "mse_loss", {{input, target}, {{"reduction", PyValue::of_str("sum")}}})) ==
            std::vector<float>{14});
    REQUIRE(float_values(
                execute_api("Functional", "l1_loss", {{input, target}, {{"size_average", PyValue::of_bool(false)}}})) ==
            std::vector<float>{6});
    REQUIRE(
        float_values(execute_api("Functional", "l1_loss", {{input, target}, {{"reduce", PyValue::of_bool(false)}}})) ==
        std::vector<float>{1, 2, 3});
}

TEST_CASE("dropout: p out of [0, 1] is refused, training off passes the input", "[run_ut][functional_wrappers]") {
    const auto x = float_tensor({1, 2, 3}, {3});
    REQUIRE(float_values(execute_api("Functional", "dropout", {{x}, {{"training", PyValue::of_bool(false)}}})) ==
            std::vector<float>{1, 2, 3});
    REQUIRE_THROWS_WITH(execute_api("Functional", "dropout", {{x, PyValue::of_float(1.5)}, {}}),
                        "dropout probability has to be between 0 and 1, but got 1.5");
}

TEST_CASE("functions run_ut cannot judge are refused with the reason", "[run_ut][functional_wrappers]") {
    const auto x = float_tensor({1, 2}, {2});
    REQUIRE_THROWS_WITH(execute_api("Functional", "gumbel_softmax", {{x}, {}}),
                        "Functional.gumbel_softmax draws random numbers: the bench and device runs cannot agree");
    REQUIRE_THROWS_WITH(execute_api("Functional", "scaled_dot_product_attention", {{x, x, x}, {}}),
                        "Functional.scaled_dot_product_attention does not exist in libtorch 1.13");
    REQUIRE_THROWS_WITH(execute_api("Functional", "multi_head_attention_forward", {{x}, {}}),
                        "Functional.multi_head_attention_forward is not supported by run_ut");
    REQUIRE_THROWS_WITH(
        execute_api("Functional", "embedding",
                    {{PyValue::of_tensor(at::tensor(std::vector<std::int64_t>{0})), float_tensor({1, 2}, {1, 2})},
                     {{"max_norm", PyValue::of_float(1.0)}}}),
        "embedding with max_norm is not supported yet");
}
