// The hand-written Python wrappers give the values torch 1.13's Python
// functions give on small known inputs (values worked out by hand).
// (REQUIRE only: libtorch's glog headers define their own CHECK macros.)
#include <ATen/ATen.h>

#include <catch2/catch.hpp>

#include <cmath>

#include "run_ut/api_executor.hpp"
#include "run_ut/skip_api.hpp"

using namespace msprobe::run_ut;

namespace {

PyValue tensor(std::vector<float> values, std::vector<std::int64_t> shape) {
    return PyValue::of_tensor(at::tensor(values).reshape(shape));
}

PyValue slice(std::optional<std::int64_t> start, std::optional<std::int64_t> stop, std::optional<std::int64_t> step) {
    auto bound = [](std::optional<std::int64_t> v) { return v ? PyValue::of_int(*v) : PyValue::none(); };
    PyValue v = PyValue::list({bound(start), bound(stop), bound(step)});
    v.kind = PyValue::Kind::Slice;
    return v;
}

std::vector<float> values(const c10::IValue& v) {
    const auto t = v.toTensor().to(at::kFloat).contiguous();
    return std::vector<float>(t.data_ptr<float>(), t.data_ptr<float>() + t.numel());
}

std::vector<std::int64_t> shape(const c10::IValue& v) { return v.toTensor().sizes().vec(); }

}  // namespace

TEST_CASE("Tensor.__getitem__ follows Python indexing", "[run_ut][wrappers]") {
    const auto x = tensor({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, {3, 4});
    SECTION("x[:, 1]") {
        const auto out = execute_api("Tensor", "__getitem__", {{x, PyValue::list({slice({}, {}, {}), PyValue::of_int(1)})}, {}});
        REQUIRE(values(out) == std::vector<float>{1, 5, 9});
    }
    SECTION("x[..., ::2]") {
        PyValue ellipsis;
        ellipsis.kind = PyValue::Kind::Ellipsis;
        const auto out = execute_api("Tensor", "__getitem__", {{x, PyValue::list({ellipsis, slice({}, {}, 2)})}, {}});
        REQUIRE(shape(out) == std::vector<std::int64_t>{3, 2});
        REQUIRE(values(out) == std::vector<float>{0, 2, 4, 6, 8, 10});
    }
    SECTION("x[None, -1]") {
        const auto out = execute_api("Tensor", "__getitem__", {{x, PyValue::list({PyValue::none(), PyValue::of_int(-1)})}, {}});
        REQUIRE(shape(out) == std::vector<std::int64_t>{1, 4});
        REQUIRE(values(out) == std::vector<float>{8, 9, 10, 11});
    }
    SECTION("a uint8 mask selects like a bool mask") {
        const auto mask = PyValue::of_tensor(at::tensor(std::vector<std::uint8_t>{1, 0, 1}, at::kByte));
        const auto out = execute_api("Tensor", "__getitem__", {{x, mask}, {}});
        REQUIRE(values(out) == std::vector<float>{0, 1, 2, 3, 8, 9, 10, 11});
    }
    SECTION("an index tensor") {
        const auto index = PyValue::of_tensor(at::tensor(std::vector<std::int64_t>{2, 0}));
        REQUIRE(values(execute_api("Tensor", "__getitem__", {{x, index}, {}})) == std::vector<float>{8, 9, 10, 11, 0, 1, 2, 3});
    }
}

TEST_CASE("Tensor.__setitem__ assigns in place and returns None", "[run_ut][wrappers]") {
    auto x = tensor({0, 1, 2, 3}, {2, 2});
    const auto out = execute_api("Tensor", "__setitem__", {{x, PyValue::list({slice({}, {}, {}), PyValue::of_int(0)}), PyValue::of_float(7.5)}, {}});
    REQUIRE(out.isNone());
    REQUIRE(values(c10::IValue(x.tensor)) == std::vector<float>{7.5, 1, 7.5, 3});
}

TEST_CASE("interpolate and its aliases pick the kernel by mode and rank", "[run_ut][wrappers]") {
    const auto row = tensor({1, 2}, {1, 1, 2});
    SECTION("nearest, scale_factor 2") {
        const auto out = execute_api("Functional", "interpolate", {{row}, {{"scale_factor", PyValue::of_float(2.0)}}});
        REQUIRE(values(out) == std::vector<float>{1, 1, 2, 2});
    }
    SECTION("linear, size 3, align_corners") {
        const auto out = execute_api("Functional", "interpolate", {{row, PyValue::of_int(3)},
                                                                   {{"mode", PyValue::of_str("linear")}, {"align_corners", PyValue::of_bool(true)}}});
        REQUIRE(values(out) == std::vector<float>{1, 1.5, 2});
    }
    SECTION("upsample_bilinear aligns corners") {
        const auto square = tensor({0, 1, 2, 3}, {1, 1, 2, 2});
        const auto out = execute_api("Functional", "upsample_bilinear", {{square, PyValue::of_int(3)}, {}});
        REQUIRE(values(out) == std::vector<float>{0, 0.5, 1, 1, 1.5, 2, 2, 2.5, 3});
    }
    SECTION("area with a recomputed size averages") {
        const auto four = tensor({1, 3, 5, 7}, {1, 1, 4});
        const auto out = execute_api("Functional", "interpolate", {{four}, {{"scale_factor", PyValue::of_float(0.5)},
                                                                             {"mode", PyValue::of_str("area")},
                                                                             {"recompute_scale_factor", PyValue::of_bool(true)}}});
        REQUIRE(values(out) == std::vector<float>{2, 6});
    }
    SECTION("align_corners with nearest is refused as in Python") {
        REQUIRE_THROWS_AS(execute_api("Functional", "interpolate", {{row, PyValue::of_int(4)}, {{"align_corners", PyValue::of_bool(false)}}}),
                          SkipApi);
    }
}

TEST_CASE("grid_sample, affine_grid, unfold and fold", "[run_ut][wrappers]") {
    SECTION("the identity affine grid samples the input back") {
        const auto image = tensor({1, 2, 3, 4}, {1, 1, 2, 2});
        const auto theta = tensor({1, 0, 0, 0, 1, 0}, {1, 2, 3});
        const auto grid = execute_api("Functional", "affine_grid", {{theta, PyValue::list({PyValue::of_int(1), PyValue::of_int(1), PyValue::of_int(2), PyValue::of_int(2)})},
                                                                    {{"align_corners", PyValue::of_bool(true)}}});
        REQUIRE(values(grid) == std::vector<float>{-1, -1, 1, -1, -1, 1, 1, 1});
        const auto out = execute_api("Functional", "grid_sample", {{image, PyValue::of_tensor(grid.toTensor())}, {{"align_corners", PyValue::of_bool(true)}}});
        REQUIRE(values(out) == std::vector<float>{1, 2, 3, 4});
    }
    SECTION("unfold then fold with disjoint patches is the identity") {
        const auto image = tensor({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, {1, 1, 4, 4});
        const auto cols = execute_api("Functional", "unfold", {{image, PyValue::of_int(2)}, {{"stride", PyValue::of_int(2)}}});
        REQUIRE(shape(cols) == std::vector<std::int64_t>{1, 4, 4});
        REQUIRE(values(cols)[0] == 1);  // patch 0, element (0, 0)
        REQUIRE(values(cols)[1] == 3);  // patch 1, element (0, 0)
        const auto back = execute_api("Functional", "fold", {{PyValue::of_tensor(cols.toTensor()), PyValue::of_int(4), PyValue::of_int(2)},
                                                             {{"stride", PyValue::of_int(2)}}});
        REQUIRE(values(back) == values(c10::IValue(image.tensor)));
    }
}

TEST_CASE("embedding_bag and ctc_loss", "[run_ut][wrappers]") {
    const auto weight = tensor({1, 10, 2, 20, 3, 30}, {3, 2});
    SECTION("2-D input: fixed bags, mean") {
        const auto input = PyValue::of_tensor(at::tensor(std::vector<std::int64_t>{0, 2, 1, 1}).reshape({2, 2}));
        const auto out = execute_api("Functional", "embedding_bag", {{input, weight}, {}});
        REQUIRE(values(out) == std::vector<float>{2, 20, 2, 20});
    }
    SECTION("1-D input with offsets: sum") {
        const auto input = PyValue::of_tensor(at::tensor(std::vector<std::int64_t>{0, 1, 2}));
        const auto offsets = PyValue::of_tensor(at::tensor(std::vector<std::int64_t>{0, 1}));
        const auto out = execute_api("Functional", "embedding_bag", {{input, weight, offsets}, {{"mode", PyValue::of_str("sum")}}});
        REQUIRE(values(out) == std::vector<float>{1, 10, 5, 50});
    }
    SECTION("ctc_loss of a certain path is zero") {
        // One time step, two classes, log-probabilities log(1) for class 1: target [1] has probability 1.
        const auto log_probs = PyValue::of_tensor(at::tensor(std::vector<float>{-1e4f, 0.0f}).reshape({1, 1, 2}));
        const auto targets = PyValue::of_tensor(at::tensor(std::vector<std::int64_t>{1}).reshape({1, 1}));
        const auto out = execute_api("Functional", "ctc_loss", {{log_probs, targets, PyValue::list({PyValue::of_int(1)}),
                                                                 PyValue::list({PyValue::of_int(1)})}, {{"reduction", PyValue::of_str("sum")}}});
        REQUIRE(values(out)[0] == Approx(0.0).margin(1e-6));
    }
}

TEST_CASE("norm, tensordot, cdist and unique", "[run_ut][wrappers]") {
    const auto x = tensor({3, 4, 0, 0}, {2, 2});
    REQUIRE(values(execute_api("Torch", "norm", {{x}, {}})) == std::vector<float>{5});
    REQUIRE(values(execute_api("Tensor", "norm", {{x, PyValue::of_int(1)}, {{"dim", PyValue::of_int(1)}}})) == std::vector<float>{7, 0});
    REQUIRE(values(execute_api("Torch", "norm", {{x, PyValue::of_str("fro"), PyValue::of_int(0)}, {}})) == std::vector<float>{3, 4});
    REQUIRE_THROWS_AS(execute_api("Torch", "norm", {{x, PyValue::of_str("bad")}, {}}), SkipApi);

    const auto a = tensor({1, 2, 3, 4}, {2, 2});
    REQUIRE(values(execute_api("Torch", "tensordot", {{a, a}, {{"dims", PyValue::of_int(1)}}})) == std::vector<float>{7, 10, 15, 22});
    REQUIRE(values(execute_api("Torch", "tensordot", {{a, a}, {}})) == std::vector<float>{30});

    const auto p = tensor({0, 0, 3, 4}, {2, 2});
    REQUIRE(values(execute_api("Torch", "cdist", {{p, p}, {}})) == std::vector<float>{0, 5, 5, 0});

    const auto u = tensor({3, 1, 3, 2}, {4});
    const auto plain = execute_api("Torch", "unique", {{u}, {}});
    REQUIRE(values(plain) == std::vector<float>{1, 2, 3});
    const auto with_counts = execute_api("Tensor", "unique", {{u}, {{"return_counts", PyValue::of_bool(true)}}});
    REQUIRE(with_counts.toTupleRef().elements().size() == 2);
    REQUIRE(values(with_counts.toTupleRef().elements()[1]) == std::vector<float>{1, 1, 2});
}

TEST_CASE("the composite functionals of torch 1.13's Python code", "[run_ut][wrappers]") {
    SECTION("local_response_norm") {
        const auto out = execute_api("Functional", "local_response_norm",
                                     {{tensor({1, 1}, {1, 2, 1}), PyValue::of_int(2)},
                                      {{"alpha", PyValue::of_float(1.0)}, {"beta", PyValue::of_float(1.0)}}});
        REQUIRE(values(out)[0] == Approx(1 / 1.5));
        REQUIRE(values(out)[1] == Approx(0.5));
    }
    SECTION("lp_pool1d") {
        const auto out = execute_api("Functional", "lp_pool1d", {{tensor({1, 2, 3, 4}, {1, 1, 4}), PyValue::of_float(2.0), PyValue::of_int(2)}, {}});
        REQUIRE(values(out)[0] == Approx(std::sqrt(5.0)));
        REQUIRE(values(out)[1] == Approx(5.0));
    }
    SECTION("gaussian_nll_loss") {
        const auto args = std::vector<PyValue>{tensor({1}, {1}), tensor({0}, {1}), tensor({1}, {1})};
        REQUIRE(values(execute_api("Functional", "gaussian_nll_loss", {args, {}}))[0] == Approx(0.5));
        REQUIRE(values(execute_api("Functional", "gaussian_nll_loss", {args, {{"full", PyValue::of_bool(true)}}}))[0] ==
                Approx(0.5 + 0.5 * std::log(2 * M_PI)));
    }
    SECTION("multilabel_soft_margin_loss") {
        const auto out = execute_api("Functional", "multilabel_soft_margin_loss", {{tensor({0, 0}, {1, 2}), tensor({1, 0}, {1, 2})}, {}});
        REQUIRE(values(out)[0] == Approx(std::log(2.0)));
    }
    SECTION("triplet_margin_with_distance_loss") {
        const auto out = execute_api("Functional", "triplet_margin_with_distance_loss",
                                     {{tensor({0, 0}, {1, 2}), tensor({3, 4}, {1, 2}), tensor({0, 1}, {1, 2})}, {}});
        REQUIRE(values(out)[0] == Approx(5.0).epsilon(1e-5));
    }
    SECTION("max_unpool2d") {
        const auto indices = PyValue::of_tensor(at::tensor(std::vector<std::int64_t>{3}).reshape({1, 1, 1, 1}));
        const auto out = execute_api("Functional", "max_unpool2d", {{tensor({5}, {1, 1, 1, 1}), indices, PyValue::of_int(2)}, {}});
        REQUIRE(values(out) == std::vector<float>{0, 0, 0, 5});
    }
    SECTION("random functionals are refused with the reason") {
        REQUIRE_THROWS_WITH(execute_api("Functional", "gumbel_softmax", {{tensor({1, 2}, {2})}, {}}),
                            Catch::Contains("draws random numbers"));
    }
}

TEST_CASE("stft pads the centre by n_fft / 2 with reflection", "[run_ut][wrappers]") {
    // n_fft 2, hop 2, no window: frames of the reflect-padded signal [2, 1, 2, 3, 4, 3] are [2,1], [2,3], [4,3];
    // the onesided real DFT of [a, b] is (a + b, a - b).
    const auto out = execute_api("Torch", "stft", {{tensor({1, 2, 3, 4}, {4}), PyValue::of_int(2)},
                                                   {{"hop_length", PyValue::of_int(2)}, {"return_complex", PyValue::of_bool(false)}}});
    REQUIRE(shape(out) == std::vector<std::int64_t>{2, 3, 2});
    // [freq][frame][re, im]
    REQUIRE(values(out) == std::vector<float>{3, 0, 5, 0, 7, 0, 1, 0, -1, 0, 1, 0});
}

TEST_CASE("adaptive_max_pool keeps the values unless indices are asked for, lu returns (LU, pivots)", "[run_ut][wrappers]") {
    const auto x = tensor({1, 5, 2, 4}, {1, 1, 4});
    const auto values_only = execute_api("Functional", "adaptive_max_pool1d", {{x, PyValue::of_int(2)}, {}});
    REQUIRE(values(values_only) == std::vector<float>{5, 4});
    const auto with_indices = execute_api("Functional", "adaptive_max_pool1d_with_indices", {{x, PyValue::of_int(2)}, {}});
    REQUIRE(with_indices.toTupleRef().elements().at(1).toTensor().flatten()[0].item<std::int64_t>() == 1);
    const auto lu = execute_api("Torch", "lu", {{tensor({4, 3, 6, 3}, {2, 2})}, {}});
    REQUIRE(lu.toTupleRef().elements().size() == 2);
    // Partial pivoting takes row 2 (6, 3) first: U = [[6, 3], [0, 1]], L = [[1, 0], [2/3, 1]].
    REQUIRE(values(lu.toTupleRef().elements().at(0)) == std::vector<float>{6, 3, 4.0f / 6.0f, 1});
}
