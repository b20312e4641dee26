// numpy.result_type of every pair of the dtypes NumPy holds, as NumPy 1.24 prints it for np.matmul.
#include <catch2/catch.hpp>

#include <array>

#include "tensor/numpy_promotion.hpp"

using namespace msprobe::tensor;

TEST_CASE("numpy_result_type matches NumPy's table", "[tensor][numpy_promotion]") {
    using D = DType;
    constexpr std::array<D, 9> kTypes = {D::Bool,  D::Int8,    D::UInt8,   D::Int16,  D::Int32,
                                         D::Int64, D::Float16, D::Float32, D::Float64};
    // Row: the left operand, in kTypes' order; column: the right one.
    constexpr std::array<std::array<D, 9>, 9> kTable = {{
        {D::Bool, D::Int8, D::UInt8, D::Int16, D::Int32, D::Int64, D::Float16, D::Float32, D::Float64},
        {D::Int8, D::Int8, D::Int16, D::Int16, D::Int32, D::Int64, D::Float16, D::Float32, D::Float64},
        {D::UInt8, D::Int16, D::UInt8, D::Int16, D::Int32, D::Int64, D::Float16, D::Float32, D::Float64},
        {D::Int16, D::Int16, D::Int16, D::Int16, D::Int32, D::Int64, D::Float32, D::Float32, D::Float64},
        {D::Int32, D::Int32, D::Int32, D::Int32, D::Int32, D::Int64, D::Float64, D::Float64, D::Float64},
        {D::Int64, D::Int64, D::Int64, D::Int64, D::Int64, D::Int64, D::Float64, D::Float64, D::Float64},
        {D::Float16, D::Float16, D::Float16, D::Float32, D::Float64, D::Float64, D::Float16, D::Float32, D::Float64},
        {D::Float32, D::Float32, D::Float32, D::Float32, D::Float64, D::Float64, D::Float32, D::Float32, D::Float64},
        {D::Float64, D::Float64, D::Float64, D::Float64, D::Float64, D::Float64, D::Float64, D::Float64, D::Float64},
    }};
    for (std::size_t i = 0; i < kTypes.size(); ++i) {
        for (std::size_t j = 0; j < kTypes.size(); ++j) {
            INFO("row " << i << " column " << j);
            CHECK(numpy_result_type(kTypes[i], kTypes[j]) == kTable[i][j]);
        }
    }
}
