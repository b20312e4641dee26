// Binding a call to a Python signature as a wrapper does: positions, keywords,
// defaults, Python's truthiness and the legacy loss reduction flags.
#include <ATen/ATen.h>
#include <catch2/catch.hpp>

#include "run_ut/python_signature.hpp"
#include "run_ut/skip_api.hpp"

using namespace msprobe::run_ut;

namespace {

const PySignature kSignature = {{"input", py::none()}, {"dim", py::i(-1)}, {"keepdim", py::b(false)}};

}  // namespace

TEST_CASE("positional and keyword arguments bind by name, the rest take their defaults", "[run_ut][python_signature]") {
    PyCall call;
    call.args = {PyValue::of_tensor(at::ones({2})), py::i(0)};
    call.kwargs = {{"keepdim", py::b(true)}};
    const Bound bound = bind_python(call, kSignature, "sum");
    CHECK(bound.at("dim").integer == 0);
    CHECK(bound.at("keepdim").boolean);
    CHECK(tensor_arg(bound, "input").numel() == 2);

    const Bound defaults = bind_python(PyCall{{PyValue::of_tensor(at::ones({1}))}, {}}, kSignature, "sum");
    CHECK(defaults.at("dim").integer == -1);
    CHECK_FALSE(defaults.at("keepdim").boolean);
}

TEST_CASE("what Python refuses is a skip with Python's message", "[run_ut][python_signature]") {
    PyCall too_many;
    too_many.args = {py::none(), py::i(0), py::b(true), py::i(1)};
    CHECK_THROWS_WITH(bind_python(too_many, kSignature, "sum"), "sum() got too many positional arguments");
    PyCall unknown;
    unknown.kwargs = {{"axis", py::i(0)}};
    CHECK_THROWS_WITH(bind_python(unknown, kSignature, "sum"), "sum() got an unexpected keyword argument 'axis'");
    const Bound not_tensor = bind_python(PyCall{{py::i(3)}, {}}, kSignature, "sum");
    CHECK_THROWS_AS(tensor_arg(not_tensor, "input"), SkipApi);
}

TEST_CASE("truthiness follows Python", "[run_ut][python_signature]") {
    CHECK_FALSE(truthy(py::none()));
    CHECK_FALSE(truthy(py::i(0)));
    CHECK_FALSE(truthy(py::f(0.0)));
    CHECK_FALSE(truthy(py::s("")));
    CHECK_FALSE(truthy(PyValue::list({})));
    CHECK(truthy(py::f(-0.5)));
    CHECK(truthy(py::s("mean")));
    CHECK(truthy(py::ints({0})));
}

TEST_CASE("reduction: the string, or the legacy size_average/reduce pair", "[run_ut][python_signature]") {
    auto code = [](Bound bound) { return reduction_code(bound); };
    CHECK(code({{"reduction", py::s("none")}}) == 0);
    CHECK(code({{"reduction", py::s("mean")}}) == 1);
    CHECK(code({{"reduction", py::s("elementwise_mean")}}) == 1);
    CHECK(code({{"reduction", py::s("sum")}}) == 2);
    CHECK_THROWS_WITH(code({{"reduction", py::s("max")}}), "max is not a valid value for reduction");
    // Legacy flags override the string: both true (or None) -> mean, reduce alone -> sum, no reduce -> none.
    CHECK(code({{"reduction", py::s("none")}, {"size_average", py::b(true)}, {"reduce", py::none()}}) == 1);
    CHECK(code({{"reduction", py::s("mean")}, {"size_average", py::b(false)}, {"reduce", py::b(true)}}) == 2);
    CHECK(code({{"reduction", py::s("mean")}, {"size_average", py::none()}, {"reduce", py::b(false)}}) == 0);
}
