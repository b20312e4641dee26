// NumPy's text of scalars, dtypes and shapes as msprobe's parse tool prints
// them: shortest round-trip digits per dtype, Python's tuple layout, %g.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "tensor/numpy_text.hpp"

using namespace msprobe;

TEST_CASE("npy-str of float16 scalars: shortest float16 digits in Python's layout", "[parse]") {
    CHECK(tensor::float16_str(3.666015625) == "3.666");
    CHECK(tensor::float16_str(0.0) == "0.0");
    CHECK(tensor::float16_str(0.333251953125) == "0.3333");
    CHECK(tensor::float16_str(65504.0) == "65500.0");
    CHECK(tensor::float16_str(-2.0) == "-2.0");
    CHECK(tensor::npy_str(std::nan(""), tensor::DType::Float16) == "nan");
    CHECK(tensor::npy_str(5, tensor::DType::Int64) == "5");
    CHECK(tensor::npy_str(1, tensor::DType::Bool) == "True");
    CHECK(tensor::npy_str(static_cast<float>(0.1), tensor::DType::Float32) == "0.1");
    CHECK(tensor::shape_tuple_text({5}) == "(5,)");
    CHECK(tensor::shape_tuple_text({1, 16, 56, 56, 16}) == "(1, 16, 56, 56, 16)");
    CHECK(tensor::printf_g(0.333251953125) == "0.333252");
}

TEST_CASE("numpy dtype names: torch's name without the module", "[tensor][numpy_text]") {
    CHECK(tensor::numpy_dtype_name(tensor::DType::Float32) == "float32");
    CHECK(tensor::numpy_dtype_name(tensor::DType::Float16) == "float16");
    CHECK(tensor::numpy_dtype_name(tensor::DType::Int64) == "int64");
    CHECK(tensor::numpy_dtype_name(tensor::DType::Bool) == "bool");
    CHECK(tensor::numpy_dtype_name(tensor::DType::BFloat16) == "bfloat16");
}

TEST_CASE("scalars by dtype: bfloat16 as float32, integers plain, non-finite as Python spells them",
          "[tensor][numpy_text]") {
    CHECK(tensor::npy_str(0.1, tensor::DType::Float64) == "0.1");
    CHECK(tensor::npy_str(static_cast<float>(0.1), tensor::DType::Float64) == "0.10000000149011612");
    CHECK(tensor::npy_str(1.0, tensor::DType::BFloat16) == "1.0");
    CHECK(tensor::npy_str(-7, tensor::DType::Int32) == "-7");
    CHECK(tensor::npy_str(0, tensor::DType::Bool) == "False");
    CHECK(tensor::npy_str(std::numeric_limits<double>::infinity(), tensor::DType::Int64) == "inf");
    CHECK(tensor::float16_str(-std::numeric_limits<double>::infinity()) == "-inf");
    CHECK(tensor::float16_str(1e-7) == "1e-07");  // a subnormal float16
}

TEST_CASE("shapes as tuple and list, flat positions as indices, %g", "[tensor][numpy_text]") {
    CHECK(tensor::shape_tuple_text({}) == "()");
    CHECK(tensor::shape_tuple_text({4, 16}) == "(4, 16)");
    CHECK(tensor::shape_list_text({}) == "[]");
    CHECK(tensor::shape_list_text({5}) == "[5]");
    CHECK(tensor::shape_list_text({4, 16}) == "[4, 16]");
    CHECK(tensor::unravel_index(0, {2, 3, 4}) == std::vector<std::int64_t>{0, 0, 0});
    CHECK(tensor::unravel_index(23, {2, 3, 4}) == std::vector<std::int64_t>{1, 2, 3});
    CHECK(tensor::unravel_index(13, {2, 3, 4}) == std::vector<std::int64_t>{1, 0, 1});
    CHECK(tensor::unravel_index(0, {}).empty());
    CHECK(tensor::printf_g(100000.0) == "100000");
    CHECK(tensor::printf_g(1000000.0) == "1e+06");
    CHECK(tensor::printf_g(-std::nan("")) == "nan");
    CHECK(tensor::printf_g(-std::numeric_limits<double>::infinity()) == "-inf");
}
