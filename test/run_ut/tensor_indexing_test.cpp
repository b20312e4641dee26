// Python indexing of a tensor through Tensor.__getitem__ / __setitem__: the
// rebuilt index (int, bool, slice, None, Ellipsis, tensor, or a tuple of
// these) selects what Python selects, values worked out by hand.
// (REQUIRE only: libtorch's glog headers define their own CHECK macros.)
#include "run_ut/tensor_indexing.hpp"

#include <ATen/ATen.h>

#include <catch2/catch.hpp>

#include <vector>

#include "run_ut/api_executor.hpp"
#include "run_ut/skip_api.hpp"
#include "torch_values.hpp"

using namespace msprobe::run_ut;
using namespace msprobe::testing;

TEST_CASE("Tensor.__getitem__ follows Python indexing", "[run_ut][tensor_indexing]") {
    const auto x = float_tensor({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, {3, 4});
    SECTION("x[:, 1]") {
        const auto out = execute_api("Tensor", "__getitem__",
                                     {{x, PyValue::list({slice_index({}, {}, {}), PyValue::of_int(1)})}, {}});
        REQUIRE(float_values(out) == std::vector<float>{1, 5, 9});
    }
    SECTION("x[..., ::2]") {
        PyValue ellipsis;
        ellipsis.kind = PyValue::Kind::Ellipsis;
        const auto out =
            execute_api("Tensor", "__getitem__", {{x, PyValue::list({ellipsis, slice_index({}, {}, 2)})}, {}});
        REQUIRE(sizes_of(out) == std::vector<std::int64_t>{3, 2});
        REQUIRE(float_values(out) == std::vector<float>{0, 2, 4, 6, 8, 10});
    }
    SECTION("x[None, -1]") {
        const auto out =
            execute_api("Tensor", "__getitem__", {{x, PyValue::list({PyValue::none(), PyValue::of_int(-1)})}, {}});
        REQUIRE(sizes_of(out) == std::vector<std::int64_t>{1, 4});
        REQUIRE(float_values(out) == std::vector<float>{8, 9, 10, 11});
    }
    SECTION("a uint8 mask selects like a bool mask") {
        const auto mask = PyValue::of_tensor(at::tensor(std::vector<std::uint8_t>{1, 0, 1}, at::kByte));
        const auto out = execute_api("Tensor", "__getitem__", {{x, mask}, {}});
        REQUIRE(float_values(out) == std::vector<float>{0, 1, 2, 3, 8, 9, 10, 11});
    }
    SECTION("an index tensor") {
        const auto index = PyValue::of_tensor(at::tensor(std::vector<std::int64_t>{2, 0}));
        REQUIRE(float_values(execute_api("Tensor", "__getitem__", {{x, index}, {}})) ==
                std::vector<float>{8, 9, 10, 11, 0, 1, 2, 3});
    }
}

TEST_CASE("Tensor.__setitem__ assigns in place and returns None", "[run_ut][tensor_indexing]") {
    auto x = float_tensor({0, 1, 2, 3}, {2, 2});
    const auto out =
        execute_api("Tensor", "__setitem__",
                    {{x, PyValue::list({slice_index({}, {}, {}), PyValue::of_int(0)}), PyValue::of_float(7.5)}, {}});
    REQUIRE(out.isNone());
    REQUIRE(float_values(c10::IValue(x.tensor)) == std::vector<float>{7.5, 1, 7.5, 3});
}

TEST_CASE("Tensor.__getitem__: True adds a dimension, a bool or int tuple mixes", "[run_ut][tensor_indexing]") {
    const auto x = float_tensor({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, {3, 4});
    const auto whole = execute_api("Tensor", "__getitem__", {{x, PyValue::of_bool(true)}, {}});
    REQUIRE(sizes_of(whole) == std::vector<std::int64_t>{1, 3, 4});
    REQUIRE(execute_api("Tensor", "__getitem__", {{x, PyValue::of_bool(false)}, {}}).toTensor().numel() == 0);
    // x[1, 1:3]
    const auto part =
        execute_api("Tensor", "__getitem__", {{x, PyValue::list({PyValue::of_int(1), slice_index(1, 3, {})})}, {}});
    REQUIRE(float_values(part) == std::vector<float>{5, 6});
}

TEST_CASE("Tensor.__setitem__ broadcasts a tensor value into the selection", "[run_ut][tensor_indexing]") {
    auto x = float_tensor({0, 1, 2, 3, 4, 5}, {3, 2});
    const auto out = execute_api("Tensor", "__setitem__", {{x, PyValue::of_int(-1), float_tensor({9, 8}, {2})}, {}});
    REQUIRE(out.isNone());
    REQUIRE(float_values(c10::IValue(x.tensor)) == std::vector<float>{0, 1, 2, 3, 9, 8});
}

TEST_CASE("Tensor indexing refuses what Python refuses, with the reason", "[run_ut][tensor_indexing]") {
    const auto x = float_tensor({0, 1, 2, 3}, {4});
    REQUIRE_THROWS_WITH(execute_api("Tensor", "__getitem__", {{x, PyValue::of_float(1.5)}, {}}),
                        "only integers, slices, ellipsis, None, booleans and tensors are valid indices");
    REQUIRE_THROWS_WITH(execute_api("Tensor", "__getitem__", {{x, slice_index({}, {}, -1)}, {}}),
                        Catch::Contains("step must be greater than zero"));
    REQUIRE_THROWS_WITH(execute_api("Tensor", "__getitem__", {{x}, {}}), "Tensor.__getitem__ takes exactly one index");
    REQUIRE_THROWS_WITH(execute_api("Tensor", "__getitem__", {{PyValue::of_int(3), PyValue::of_int(0)}, {}}),
                        "Tensor.__getitem__ needs a tensor self");
    REQUIRE_THROWS_WITH(execute_api("Tensor", "__setitem__", {{x, PyValue::of_int(0), PyValue::of_str("a")}, {}}),
                        "Tensor.__setitem__ needs a tensor or a number to assign");
    auto slice = slice_index(0, 2, {});
    slice.items[0] = PyValue::of_float(0.5);
    REQUIRE_THROWS_AS(execute_api("Tensor", "__getitem__", {{x, slice}, {}}), SkipApi);
}
