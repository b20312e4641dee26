// A flattened row's values: statistic cells by their kind and the tensor file
// name as msprobe's tables show it.
#include <catch2/catch.hpp>

#include <string>

#include "dump/dump_row.hpp"

using msprobe::dump::DumpRow;
using msprobe::dump::StatValue;

TEST_CASE("a statistic cell keeps the kind the dump gave it", "[dump][dump_row]") {
    const StatValue null = StatValue::null();
    CHECK(null.kind == StatValue::Kind::Null);
    CHECK(null.text().empty());

    const StatValue integer = StatValue::of_integer(-12);
    CHECK(integer.kind == StatValue::Kind::Number);
    CHECK(integer.integer);
    CHECK(integer.number == -12.0);

    const StatValue number = StatValue::of_number(0.5);
    CHECK(number.kind == StatValue::Kind::Number);
    CHECK_FALSE(number.integer);
    CHECK(number.number == 0.5);

    const StatValue boolean = StatValue::of_bool(true);
    CHECK(boolean.kind == StatValue::Kind::Bool);
    CHECK(boolean.boolean);

    const StatValue text = StatValue::of_text("inf");
    CHECK(text.kind == StatValue::Kind::Text);
    CHECK(text.text() == "inf");
    CHECK(sizeof(StatValue) == 24);
}

TEST_CASE("a row without a tensor file shows -1 for its data name", "[dump][dump_row]") {
    DumpRow row;
    row.name = "Functional.relu.0.forward.input.0";
    CHECK(row.data_name() == "-1");
    row.data_file = "Functional.relu.0.forward.input.0.pt";
    CHECK(row.data_name() == "Functional.relu.0.forward.input.0.pt");
    CHECK(row.state == msprobe::dump::RowState::Input);
    CHECK_FALSE(row.md5.has_value());
    CHECK_FALSE(row.requires_grad.has_value());
}
