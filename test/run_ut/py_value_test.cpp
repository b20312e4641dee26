// A rebuilt Python argument: each factory's kind and value, numbers read as
// Python reads them (a bool is 0 or 1), keyword lookup by name, and torch's
// dtype names as libtorch 1.13 knows them.
// (REQUIRE only: libtorch's glog headers define their own CHECK macros.)
#include "run_ut/py_value.hpp"

#include <ATen/ATen.h>

#include <catch2/catch.hpp>

using msprobe::run_ut::PyCall;
using msprobe::run_ut::PyValue;
using msprobe::run_ut::scalar_type_from_name;
using Kind = PyValue::Kind;

TEST_CASE("py value: numbers as Python reads them", "[run_ut][py_value]") {
    REQUIRE(PyValue().kind == Kind::None);
    REQUIRE_FALSE(PyValue::none().is_number());
    REQUIRE(PyValue::of_bool(true).is_number());
    REQUIRE(PyValue::of_bool(true).number() == 1.0);
    REQUIRE(PyValue::of_bool(false).number() == 0.0);
    REQUIRE(PyValue::of_int(-7).number() == -7.0);
    REQUIRE(PyValue::of_float(0.25).number() == 0.25);
    REQUIRE_FALSE(PyValue::of_str("3").is_number());
    REQUIRE_FALSE(PyValue::of_dtype(at::kHalf).is_number());
    REQUIRE(PyValue::of_dtype(at::kHalf).dtype == at::kHalf);
}

TEST_CASE("py value: tensors keep whether gradients are wanted, lists their items", "[run_ut][py_value]") {
    const auto plain = PyValue::of_tensor(at::ones({2}));
    REQUIRE(plain.kind == Kind::Tensor);
    REQUIRE_FALSE(plain.wants_grad);
    REQUIRE(PyValue::of_tensor(at::ones({2}), true).wants_grad);
    const auto list = PyValue::list({PyValue::of_int(1), PyValue::of_str("mean"), plain});
    REQUIRE(list.kind == Kind::List);
    REQUIRE(list.items.size() == 3);
    REQUIRE(list.items[1].text == "mean");
    REQUIRE(list.items[2].tensor.sizes().vec() == std::vector<std::int64_t>{2});
}

TEST_CASE("py value: a call's keyword is found by its name", "[run_ut][py_value]") {
    const PyCall call{{PyValue::of_int(1)}, {{"dim", PyValue::of_int(0)}, {"keepdim", PyValue::of_bool(true)}}};
    REQUIRE(call.kwarg("keepdim") != nullptr);
    REQUIRE(call.kwarg("keepdim")->boolean);
    REQUIRE(call.kwarg("dim")->integer == 0);
    REQUIRE(call.kwarg("out") == nullptr);
}

TEST_CASE("py value: torch's dtype names and their aliases", "[run_ut][py_value]") {
    const std::pair<const char*, at::ScalarType> names[] = {
        {"torch.float16", at::kHalf},
        {"torch.half", at::kHalf},
        {"torch.bfloat16", at::kBFloat16},
        {"torch.float32", at::kFloat},
        {"torch.float", at::kFloat},
        {"torch.float64", at::kDouble},
        {"torch.double", at::kDouble},
        {"torch.int8", at::kChar},
        {"torch.int16", at::kShort},
        {"torch.short", at::kShort},
        {"torch.int32", at::kInt},
        {"torch.int", at::kInt},
        {"torch.int64", at::kLong},
        {"torch.long", at::kLong},
        {"torch.uint8", at::kByte},
        {"torch.bool", at::kBool},
        {"torch.complex64", at::kComplexFloat},
        {"torch.cfloat", at::kComplexFloat},
        {"torch.complex128", at::kComplexDouble},
    };
    for (const auto& [name, type] : names) {
        INFO(name);
        REQUIRE(scalar_type_from_name(name) == type);
    }
    // Types libtorch 1.13 lacks, and spellings that are not torch's.
    for (const char* name : {"torch.float8_e4m3fn", "torch.uint16", "float32", "torch.Float32", ""}) {
        INFO(name);
        REQUIRE_FALSE(scalar_type_from_name(name).has_value());
    }
}
