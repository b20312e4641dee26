// --locate on 0-d pairs (integer ones are staged through the gather path,
// which has no index to walk) and on views with size-1 dimensions whose
// strides are huge.
#include <catch2/catch.hpp>

#include "metrics/error_location.hpp"
#include "test_tensors.hpp"

using namespace msprobe::metrics;
using namespace msprobe::metrics::testing;

TEST_CASE("0-d pairs of every dtype are located at the empty index", "[locate]") {
    for (const DType dtype : {DType::Int64, DType::Int32, DType::Int8, DType::UInt8, DType::Bool, DType::Float16,
                              DType::BFloat16, DType::Float32, DType::Float64}) {
        INFO(msprobe::tensor::torch_name(dtype));
        const auto location = locate_max_errors(scalar_tensor(dtype, 1.0), scalar_tensor(dtype, 0.0));
        REQUIRE(location);
        CHECK(location->max_abs.empty());
        CHECK(index_text(location->max_abs) == "()");
    }
}

TEST_CASE("size-1 dimensions with huge strides are walked inside the tensor", "[locate]") {
    auto npu = make_tensor(DType::Int32, {1, 2, 9, 4, 5, 6}, {1, 6, 1});
    npu.strides = {std::int64_t{1} << 60, 1, std::int64_t{1} << 61};
    const auto bench = make_tensor(DType::Int32, {1, 2, 3, 4, 5, 6}, {1, 6, 1});
    const auto location = locate_max_errors(npu, bench);
    REQUIRE(location);
    CHECK(location->max_abs == std::vector<std::int64_t>{0, 2, 0});
}
