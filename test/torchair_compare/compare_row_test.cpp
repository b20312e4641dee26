// The pieces of a row: how msprobe names a GE tensor, and the empty golden tensor.
#include "torchair_compare/compare_row.hpp"

#include <catch2/catch.hpp>

using namespace msprobe::torchair_compare;

TEST_CASE("compare row: '<file>,inputs,<i>' names a GE tensor", "[torchair_compare][compare_row]") {
    CHECK(tensor_path("/d/1/Add.Add_2.44.6.1706596912161941", "inputs", 0) ==
          "/d/1/Add.Add_2.44.6.1706596912161941,inputs,0");
    CHECK(tensor_path("/d/Cast.C.1.6.2", "outputs", 12) == "/d/Cast.C.1.6.2,outputs,12");
}

TEST_CASE("compare row: the empty golden tensor is float32 of shape [0]", "[torchair_compare][compare_row]") {
    const auto empty = empty_float_tensor();
    CHECK(empty.dtype == msprobe::tensor::DType::Float32);
    CHECK(empty.numel() == 0);
    const auto row = compare_row(3, 7, "", "/m,inputs,0", empty, empty);
    CHECK(row.token == 3);
    CHECK(row.data_id == 7);
    CHECK(row.cells.my.shape == "[0]");
}
