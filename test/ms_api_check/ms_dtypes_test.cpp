// type_mapping.py's tables.
#include <catch2/catch.hpp>

#include "ms_api_check/ms_dtypes.hpp"

using namespace msprobe::ms_api_check;

TEST_CASE("ms dtypes: recorded names, torch dtypes and back", "[ms_api_check]") {
    CHECK(recorded_dtype_names().size() == 14);
    CHECK(recorded_dtype_names().front() == "Int8");
    CHECK(recorded_dtype_names().back() == "Int4");
    CHECK(torch_dtype_of("BFloat16") == at::kBFloat16);
    CHECK(torch_dtype_of("UInt8") == at::kByte);
    CHECK_FALSE(torch_dtype_of("UInt16"));
    CHECK_FALSE(torch_dtype_of("Int4"));
    CHECK(dtype_text_of(at::kFloat) == "Float32");
    CHECK(dtype_text_of(at::kBool) == "Bool");
    CHECK(dtype_text_of(at::kComplexFloat).empty());
}
