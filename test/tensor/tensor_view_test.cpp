// Element sizes, torch names, element counts and the row-major test of a view.
#include <catch2/catch.hpp>

#include "tensor/tensor_view.hpp"

using namespace msprobe::tensor;

namespace {
TensorView view(std::vector<std::int64_t> shape, std::vector<std::int64_t> strides) {
    TensorView v;
    v.shape = std::move(shape);
    v.strides = std::move(strides);
    return v;
}
}  // namespace

TEST_CASE("dtype sizes, floating kinds and torch names", "[tensor][tensor_view]") {
    CHECK(dtype_size(DType::Float16) == 2);
    CHECK(dtype_size(DType::BFloat16) == 2);
    CHECK(dtype_size(DType::Float32) == 4);
    CHECK(dtype_size(DType::Int64) == 8);
    CHECK(dtype_size(DType::Complex128) == 16);
    CHECK(dtype_size(DType::Bool) == 1);
    CHECK(is_floating(DType::BFloat16));
    CHECK(is_floating(DType::Float64));
    CHECK_FALSE(is_floating(DType::Int32));
    CHECK_FALSE(is_floating(DType::Complex64));
    CHECK(torch_name(DType::BFloat16) == "torch.bfloat16");
    CHECK(torch_name(DType::UInt8) == "torch.uint8");
}

TEST_CASE("numpy names are the torch names without the module", "[tensor][tensor_view]") {
    CHECK(numpy_name(DType::Float16) == "float16");
    CHECK(numpy_name(DType::Bool) == "bool");
    CHECK(numpy_name(DType::Int64) == "int64");
    CHECK(numpy_name(DType::Complex128) == "complex128");
}

TEST_CASE("numel multiplies the shape, a 0-d view holds one element", "[tensor][tensor_view]") {
    CHECK(view({}, {}).numel() == 1);
    CHECK(view({2, 3, 4}, {12, 4, 1}).numel() == 24);
    CHECK(view({2, 0}, {0, 1}).numel() == 0);
}

TEST_CASE("is_contiguous: row-major without gaps, size-1 strides ignored", "[tensor][tensor_view]") {
    CHECK(view({}, {}).is_contiguous());
    CHECK(view({2, 3}, {3, 1}).is_contiguous());
    CHECK_FALSE(view({2, 3}, {1, 2}).is_contiguous());  // a transpose
    CHECK_FALSE(view({2, 3}, {4, 1}).is_contiguous());  // rows with a gap
    CHECK(view({1, 3}, {999, 1}).is_contiguous());
    CHECK_FALSE(view({3}, {2}).is_contiguous());
}
