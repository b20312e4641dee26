// What an API returned, as the comparator sees it: each factory gives its
// kind, numbers as doubles (a bool as 0/1), texts and items as given.
#include "precision/output_value.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

using msprobe::precision::OutputValue;
using msprobe::precision::TensorData;
using msprobe::tensor::DType;
using Kind = OutputValue::Kind;

TEST_CASE("output value: a default value is Python's None", "[precision][output_value]") {
    const OutputValue none = OutputValue::none();
    CHECK(none.kind == Kind::None);
    CHECK(none.items.empty());
    CHECK(OutputValue().kind == Kind::None);
    CHECK(TensorData().dtype == DType::Float32);
}

TEST_CASE("output value: builtins keep their Python type and value", "[precision][output_value]") {
    CHECK(OutputValue::of_bool(true).kind == Kind::Bool);
    CHECK(OutputValue::of_bool(true).number == 1.0);
    CHECK(OutputValue::of_bool(false).number == 0.0);
    CHECK(OutputValue::of_int(-3).kind == Kind::Int);
    CHECK(OutputValue::of_int(-3).number == -3.0);
    CHECK(OutputValue::of_int(std::int64_t{1} << 53).number == 9007199254740992.0);  // exact up to 2^53
    CHECK(OutputValue::of_float(0.1).kind == Kind::Float);
    CHECK(OutputValue::of_float(0.1).number == 0.1);
    CHECK(std::isnan(OutputValue::of_float(std::numeric_limits<double>::quiet_NaN()).number));
    const auto text = OutputValue::of_str("mean");
    CHECK(text.kind == Kind::Str);
    CHECK(text.text == "mean");
}

TEST_CASE("output value: tensors and sequences hold what they are given, in order", "[precision][output_value]") {
    const auto tensor = OutputValue::of_tensor({DType::Float16, {2, 1}, {0.5, -1.0}});
    CHECK(tensor.kind == Kind::Tensor);
    CHECK(tensor.tensor.dtype == DType::Float16);
    CHECK(tensor.tensor.shape == std::vector<std::int64_t>{2, 1});
    CHECK(tensor.tensor.values == std::vector<double>{0.5, -1.0});

    const auto outputs =
        OutputValue::sequence({tensor, OutputValue::none(), OutputValue::sequence({OutputValue::of_int(4)})});
    CHECK(outputs.kind == Kind::Sequence);
    REQUIRE(outputs.items.size() == 3);
    CHECK(outputs.items[0].tensor.values == std::vector<double>{0.5, -1.0});
    CHECK(outputs.items[1].kind == Kind::None);
    REQUIRE(outputs.items[2].items.size() == 1);
    CHECK(outputs.items[2].items[0].number == 4.0);
    CHECK(outputs.keys.empty());
}
