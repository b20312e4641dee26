// The result table's lookups: header columns and each row's API.
#include <catch2/catch.hpp>

#include "compare/result_table.hpp"

using namespace msprobe::compare;

TEST_CASE("column positions by exact header text", "[result_table]") {
    ResultTable result;
    result.table.header = {"NPU Name", "Bench Name", "Result", "Result"};
    CHECK(result.column("NPU Name") == 0);
    CHECK(result.column("Result") == 2);  // the first of equal headers
    CHECK(result.column("result") == -1);
    CHECK(result.column("") == -1);
    CHECK(ResultTable{}.column("NPU Name") == -1);
}

TEST_CASE("api_of follows the per-row index into the API names", "[result_table]") {
    ResultTable result;
    result.set_api_names({"Functional.relu.0.forward", "Functional.gelu.0.forward"});
    result.api_index = {1, 0, 1};
    CHECK(result.api_of(0) == "Functional.gelu.0.forward");
    CHECK(result.api_of(1) == "Functional.relu.0.forward");
    CHECK(result.api_of(2) == "Functional.gelu.0.forward");
}
