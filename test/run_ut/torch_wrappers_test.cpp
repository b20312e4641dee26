// torch.* and Tensor.* functions whose Python wrappers rework their
// arguments before one ATen call (norm, tensordot, cdist, unique, stft, lu):
// values on small inputs worked out by hand, and the refusals Python makes.
// (REQUIRE only: libtorch's glog headers define their own CHECK macros.)
#include "run_ut/torch_wrappers.hpp"

#include <ATen/ATen.h>

#include <catch2/catch.hpp>

#include <vector>

#include "run_ut/api_executor.hpp"
#include "run_ut/skip_api.hpp"
#include "torch_values.hpp"

using namespace msprobe::run_ut;
using namespace msprobe::testing;

TEST_CASE("norm, tensordot, cdist and unique", "[run_ut][torch_wrappers]") {
    const auto x = float_tensor({3, 4, 0, 0}, {2, 2});
    REQUIRE(float_values(execute_api("Torch", "norm", {{x}, {}})) == std::vector<float>{5});
    REQUIRE(float_values(execute_api("Tensor", "norm", {{x, PyValue::of_int(1)}, {{"dim", PyValue::of_int(1)}}})) ==
            std::vector<float>{7, 0});
    REQUIRE(float_values(execute_api("Torch", "norm", {{x, PyValue::of_str("fro"), PyValue::of_int(0)}, {}})) ==
            std::vector<float>{3, 4});
    REQUIRE_THROWS_AS(execute_api("Torch", "norm", {{x, PyValue::of_str("bad")}, {}}), SkipApi);

    const auto a = float_tensor({1, 2, 3, 4}, {2, 2});
    REQUIRE(float_values(execute_api("Torch", "tensordot", {{a, a}, {{"dims", PyValue::of_int(1)}}})) ==
            std::vector<float>{7, 10, 15, 22});
    REQUIRE(float_values(execute_api("Torch", "tensordot", {{a, a}, {}})) == std::vector<float>{30});

    const auto p = float_tensor({0, 0, 3, 4}, {2, 2});
    REQUIRE(float_values(execute_api("Torch", "cdist", {{p, p}, {}})) == std::vector<float>{0, 5, 5, 0});

    const auto u = float_tensor({3, 1, 3, 2}, {4});
    const auto plain = execute_api("Torch", "unique", {{u}, {}});
    REQUIRE(float_values(plain) == std::vector<float>{1, 2, 3});
    const auto with_counts = execute_api("Tensor", "unique", {{u}, {{"return_counts", PyValue::of_bool(true)}}});
    REQUIRE(with_counts.toTupleRef().elements().size() == 2);
    REQUIRE(float_values(with_counts.toTupleRef().elements()[1]) == std::vector<float>{1, 1, 2});
}

TEST_CASE("stft pads the centre by n_fft / 2 with reflection", "[run_ut][torch_wrappers]") {
    // n_fft 2, hop 2, no window: frames of the reflect-padded signal [2, 1, 2, 3, 4, 3] are [2,1], [2,3], [4,3];
    // the onesided real DFT of [a, b] is (a + b, a - b).
    const auto out = execute_api("Torch", "stft",
                                 {{float_tensor({1, 2, 3, 4}, {4}), PyValue::of_int(2)},
                                  {{"hop_length", PyValue::of_int(2)}, {"return_complex", PyValue::of_bool(false)}}});
    REQUIRE(sizes_of(out) == std::vector<std::int64_t>{2, 3, 2});
    // [freq][frame][re, im]
    REQUIRE(float_values(out) == std::vector<float>{3, 0, 5, 0, 7, 0, 1, 0, -1, 0, 1, 0});
}

TEST_CASE("lu returns (LU, pivots), and the infos only when asked for", "[run_ut][torch_wrappers]") {
    const auto lu = execute_api("Torch", "lu", {{float_tensor({4, 3, 6, 3}, {2, 2})}, {}});
    REQUIRE(lu.toTupleRef().elements().size() == 2);
    // Partial pivoting takes row 2 (6, 3) first: U = [[6, 3], [0, 1]], L = [[1, 0], [2/3, 1]].
    REQUIRE(float_values(lu.toTupleRef().elements().at(0)) == std::vector<float>{6, 3, 4.0f / 6.0f, 1});
    const auto with_infos =
        execute_api("Tensor", "lu", {{float_tensor({4, 3, 6, 3}, {2, 2})}, {{"get_infos", PyValue::of_bool(true)}}});
    REQUIRE(with_infos.toTupleRef().elements().size() == 3);
    REQUIRE(with_infos.toTupleRef().elements().at(2).toTensor().item<std::int32_t>() == 0);  // no singular pivot
}

TEST_CASE("norm, tensordot and cdist refuse the arguments Python refuses", "[run_ut][torch_wrappers]") {
    const auto x = float_tensor({3, 4, 0, 0}, {2, 2});
    REQUIRE_THROWS_WITH(execute_api("Torch", "norm", {{x, PyValue::of_str("bad")}, {}}),
                        "only valid string values are 'fro' and 'nuc', found bad");
    REQUIRE_THROWS_WITH(execute_api("Torch", "tensordot", {{x, x}, {{"dims", PyValue::of_int(-1)}}}),
                        "tensordot expects dims >= 0, but got dims=-1");
    REQUIRE_THROWS_WITH(execute_api("Torch", "cdist", {{x, x}, {{"compute_mode", PyValue::of_str("fast")}}}),
                        "fast is not a valid value for compute_mode");
    // The nuclear norm of diag(3, 4) is the sum of its singular values.
    REQUIRE(float_values(
                execute_api("Torch", "norm", {{float_tensor({3, 0, 0, 4}, {2, 2}), PyValue::of_str("nuc")}, {}})) ==
            std::vector<float>{7});
}
