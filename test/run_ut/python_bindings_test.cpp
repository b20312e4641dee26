// What torch's generated Python bindings do before ATen: Tensor's dunder
// methods and dtype casts onto operators (reflected operands swapped as
// Python swaps them), torch.split's two overloads, varargs packed into one
// list argument, and the names libtorch 1.13 cannot run, refused with the reason.
// (REQUIRE only: libtorch's glog headers define their own CHECK macros.)
#include "run_ut/python_bindings.hpp"

#include <ATen/ATen.h>

#include <catch2/catch.hpp>

#include <vector>

#include "run_ut/api_executor.hpp"
#include "run_ut/skip_api.hpp"
#include "torch_values.hpp"

using namespace msprobe::run_ut;
using namespace msprobe::testing;

TEST_CASE("python bindings: dunders, reflected ones with the operands swapped", "[run_ut][python_bindings]") {
    const auto x = float_tensor({1, 2, 4}, {3});
    REQUIRE(float_values(execute_api("Tensor", "__add__", {{x, float_tensor({1, 1, 1}, {3})}, {}})) ==
            std::vector<float>{2, 3, 5});
    REQUIRE(float_values(execute_api("Tensor", "__radd__", {{x, PyValue::of_int(2)}, {}})) ==
            std::vector<float>{3, 4, 6});
    REQUIRE(float_values(execute_api("Tensor", "__rsub__", {{x, PyValue::of_int(10)}, {}})) ==
            std::vector<float>{9, 8, 6});  // 10 - x
    REQUIRE(float_values(execute_api("Tensor", "__rtruediv__", {{x, PyValue::of_int(8)}, {}})) ==
            std::vector<float>{8, 4, 2});  // 8 / x
    REQUIRE(float_values(execute_api("Tensor", "__neg__", {{x}, {}})) == std::vector<float>{-1, -2, -4});
    REQUIRE(float_values(execute_api("Tensor", "__matmul__", {{x, x}, {}})) == std::vector<float>{21});
    const auto greater = execute_api("Tensor", "__gt__", {{x, PyValue::of_int(1)}, {}}).toTensor();
    REQUIRE(greater.scalar_type() == at::kBool);
    REQUIRE(greater.sum().item<std::int64_t>() == 2);
}

TEST_CASE("python bindings: x == None is False, in-place dunders change self", "[run_ut][python_bindings]") {
    auto x = float_tensor({1, 2}, {2});
    const auto none = execute_api("Tensor", "__eq__", {{x, PyValue::none()}, {}});
    REQUIRE(none.isBool());
    REQUIRE_FALSE(none.toBool());
    REQUIRE(execute_api("Tensor", "__eq__", {{x, PyValue::of_int(2)}, {}}).toTensor().sum().item<std::int64_t>() == 1);
    execute_api("Tensor", "__iadd__", {{x, PyValue::of_int(5)}, {}});
    REQUIRE(float_values(c10::IValue(x.tensor)) == std::vector<float>{6, 7});
    REQUIRE(execute_api("Tensor", "__bool__", {{float_tensor({3}, {1})}, {}}).toBool());
}

TEST_CASE("python bindings: dtype casts", "[run_ut][python_bindings]") {
    const auto x = float_tensor({1.5, -2.5}, {2});
    REQUIRE(execute_api("Tensor", "half", {{x}, {}}).toTensor().scalar_type() == at::kHalf);
    REQUIRE(execute_api("Tensor", "bfloat16", {{x}, {}}).toTensor().scalar_type() == at::kBFloat16);
    const auto ints = execute_api("Tensor", "int", {{x}, {}}).toTensor();
    REQUIRE(ints.scalar_type() == at::kInt);
    REQUIRE(ints[1].item<std::int32_t>() == -2);  // toward zero, as a C cast
    REQUIRE_THROWS_WITH(execute_api("Tensor", "float", {{}, {}}), "Tensor.float without self");
}

TEST_CASE("python bindings: split by a size or by sections", "[run_ut][python_bindings]") {
    const auto x = float_tensor({0, 1, 2, 3, 4, 5}, {6});
    const auto by_size = execute_api("Torch", "split", {{x, PyValue::of_int(4)}, {}}).toList();
    REQUIRE(by_size.size() == 2);
    REQUIRE(float_values(by_size.get(1)) == std::vector<float>{4, 5});
    const auto sections =
        execute_api("Torch", "split", {{x, PyValue::list({PyValue::of_int(1), PyValue::of_int(5)})}, {}}).toList();
    REQUIRE(sections.size() == 2);
    REQUIRE(sizes_of(sections.get(0)) == std::vector<std::int64_t>{1});
    const auto keyword =
        execute_api("Tensor", "split", {{x}, {{"split_size_or_sections", PyValue::of_int(3)}}}).toList();
    REQUIRE(keyword.size() == 2);
    REQUIRE(float_values(keyword.get(1)) == std::vector<float>{3, 4, 5});
}

TEST_CASE("python bindings: varargs become one list argument", "[run_ut][python_bindings]") {
    const auto a = float_tensor({1, 2}, {2});
    const auto b = float_tensor({3, 4}, {2});
    REQUIRE(float_values(execute_api("Torch", "einsum", {{PyValue::of_str("i,i->"), a, b}, {}})) ==
            std::vector<float>{11});
    REQUIRE(float_values(execute_api("Torch", "einsum", {{PyValue::of_str("i,i->i"), PyValue::list({a, b})}, {}})) ==
            std::vector<float>{3, 8});  // operands given as one list
    const auto diagonal =
        execute_api("Torch", "block_diag", {{float_tensor({1}, {1, 1}), float_tensor({2}, {1, 1})}, {}});
    REQUIRE(float_values(diagonal) == std::vector<float>{1, 0, 0, 2});
    const auto pair = execute_api("Torch", "broadcast_tensors",
                                  {{float_tensor({1, 2}, {2, 1}), float_tensor({1, 2, 3}, {1, 3})}, {}});
    REQUIRE(sizes_of(pair.toList().get(1)) == std::vector<std::int64_t>{2, 3});
    REQUIRE(sizes_of(execute_api("Torch", "atleast_2d", {{float_tensor({5}, {1})}, {}})) ==
            std::vector<std::int64_t>{1, 1});
}

TEST_CASE("python bindings: names run_ut cannot run are refused with the reason", "[run_ut][python_bindings]") {
    const auto x = float_tensor({1, 2, 3, 4}, {2, 2});
    REQUIRE_THROWS_WITH(execute_api("Tensor", "__rpow__", {{x, PyValue::of_int(2)}, {}}),
                        "Tensor.__rpow__ is not supported by run_ut yet");
    REQUIRE_THROWS_WITH(execute_api("Tensor", "numpy", {{x}, {}}), "Tensor.numpy is not supported by run_ut");
    REQUIRE_THROWS_WITH(execute_api("Torch", "matrix_rank", {{x}, {}}),
                        "Torch.matrix_rank does not exist in libtorch 1.13");
    REQUIRE_THROWS_AS(execute_api("Torch", "lstsq", {{x, x}, {}}), SkipApi);
}
