// ATB .bin files read with the rules of msprobe's TensorBinFile
// (atb_data_compare.py: _parse_bin_file, _parse_user_attr, get_data); the
// damaged headers are those of msprobe's own test (test_atb_data_compare.py).
#include <catch2/catch.hpp>

#include <cstring>

#include "atb_compare/atb_tensor_file.hpp"
#include "atb_test_files.hpp"

using namespace msprobe;
using namespace std::string_literals;
using namespace msprobe::testing;

namespace {

float float_at(const atb::AtbTensorFile& file, std::size_t i) {
    float v;
    std::memcpy(&v, file.view.data + i * sizeof v, sizeof v);
    return v;
}

std::string damage_of(const std::string& name, const std::string& text) {
    const auto file = atb::read_atb_tensor_file(write_atb_text(name, text));
    REQUIRE(file.damage.has_value());
    CHECK_FALSE(file.readable());
    return *file.damage;
}

}  // namespace

TEST_CASE("atb tensor file: a float32 tensor as ATB writes it", "[atb_compare]") {
    const auto file = atb_float32("f32", {1.5F, -2.0F, 3.25F, 0.0F}, {2, 2});
    REQUIRE(file.readable());
    CHECK(file.view.dtype == tensor::DType::Float32);
    CHECK(file.view.shape == std::vector<std::int64_t>{2, 2});
    CHECK(file.view.strides == std::vector<std::int64_t>{2, 1});
    CHECK(float_at(file, 0) == 1.5F);
    CHECK(float_at(file, 2) == 3.25F);
}

TEST_CASE("atb tensor file: the dtype codes msprobe maps to torch dtypes", "[atb_compare]") {
    using tensor::DType;
    // TensorBinFile.dtype_dict: 0 float32, 1 float16, 2 int8, 3 int32, 9 int64, 12 bool, 27 bfloat16.
    CHECK(atb::atb_dtype(0) == DType::Float32);
    CHECK(atb::atb_dtype(1) == DType::Float16);
    CHECK(atb::atb_dtype(2) == DType::Int8);
    CHECK(atb::atb_dtype(3) == DType::Int32);
    CHECK(atb::atb_dtype(9) == DType::Int64);
    CHECK(atb::atb_dtype(12) == DType::Bool);
    CHECK(atb::atb_dtype(27) == DType::BFloat16);
    for (const int other : {4, 6, 11, 13, -1}) CHECK_FALSE(atb::atb_dtype(other).has_value());
}

TEST_CASE("atb tensor file: header values are read as Python's int() reads them", "[atb_compare]") {
    // int(" 1\r") is 1: a header written with CRLF line ends still reads.
    const auto crlf =
        atb::read_atb_tensor_file(write_atb_text("crlf", "dtype= 1\r\ndims=2\r\n$End=1\n\x00\x3c\x00\x40"s));
    REQUIRE(crlf.readable());
    CHECK(crlf.view.dtype == tensor::DType::Float16);
    CHECK(crlf.view.shape == std::vector<std::int64_t>{2});
    // int("+1_0") is 10: a dtype code msprobe has no torch dtype for ("Unsupported dtype: 10").
    const auto ten = atb::read_atb_tensor_file(write_atb_text("underscore", "dtype=+1_0\ndims=1\n$End=1\nabcd"));
    CHECK_FALSE(ten.damage.has_value());
    CHECK(ten.unsupported_dtype == 10);
    CHECK_FALSE(ten.readable());
    // No dtype line: float32, the class's default.
    const auto plain = atb::read_atb_tensor_file(write_atb_text("no_dtype", "dims=1\n$End=1\n\x00\x00\x80\x3f"s));
    REQUIRE(plain.readable());
    CHECK(float_at(plain, 0) == 1.0F);
}

TEST_CASE("atb tensor file: data after an odd-length header are read whole", "[atb_compare]") {
    // The header below is 22 bytes: the float32 elements start off their alignment.
    const auto file = atb::read_atb_tensor_file(
        write_atb_text("odd", std::string("$Version=1\ndims=2\n$End=1\n") + "\x00\x00\xc0\x3f\x00\x00\x20\xc1"s));
    REQUIRE(file.readable());
    CHECK(float_at(file, 0) == 1.5F);
    CHECK(float_at(file, 1) == -10.0F);
}

TEST_CASE("atb tensor file: without a dims line one element is a 0-d tensor", "[atb_compare]") {
    // get_data views the data as dims, which is [] when the header has none.
    const auto scalar = atb::read_atb_tensor_file(write_atb_text("scalar", "dtype=0\n$End=1\n\x00\x00\x80\x3f"s));
    REQUIRE(scalar.readable());
    CHECK(scalar.view.shape.empty());
    CHECK(damage_of("no_dims_two", std::string("dtype=0\n$End=1\n") + std::string(8, '\0')) ==
          "no dims line, and its 2 elements are not one value");
}

TEST_CASE("atb tensor file: what msprobe finds invalid is damage, with its reason", "[atb_compare]") {
    // msprobe's test: bfloat16 dims 2,2 over four bytes (two elements): the view fails.
    CHECK(damage_of("view", "$Version=1.0\ndtype=27\nformat=1\ndims=2,2\n$End=1\n\x00\x00\x80\x3f"s) ==
          "dims [2, 2] do not hold its 2 elements");
    CHECK(damage_of("colon", "dtype:27\n") == "header line 1 is not one key=value");
    CHECK(damage_of("two_equals", "dtype=1=2\n$End=1\nab") == "header line 1 is not one key=value");
    CHECK(damage_of("dims_n", "dims=2,n\nop=Add\n") == "dims '2,n' holds a value that is not an integer");
    CHECK(damage_of("dims_minus_one", "dims=-1\n$End=1\nabcd") == "dims '-1' holds -1");
    CHECK(damage_of("dims_negative", "dims=-4\n$End=1\nabcd") == "dims [-4] do not hold its 1 elements");
    CHECK(damage_of("dtype_a", "dtype=a\n$End=1\nabcd") == "dtype 'a' is not an integer");
    CHECK(damage_of("format_a", "format=a\n$End=1\nabcd") == "format 'a' is not an integer");
    CHECK(damage_of("data", "dtype=0\ndata=/x/y.bin\ndims=1\n$End=1\n") ==
          "its data are in another file (/x/y.bin), which msprobe does not read");
    CHECK(damage_of("no_end", "dtype=0\ndims=1\n") == "no $End line ends the header");
    CHECK(damage_of("empty_data", "dtype=0\ndims=1\n$End=1\n") == "no data after the header");
    CHECK(damage_of("partial", "dtype=0\ndims=1\n$End=1\nabcde") == "its 5 data bytes are not whole 4-byte elements");
    // The first problem is kept; the header is read on after a bad value, as msprobe does.
    CHECK(damage_of("first", "dtype=x\nformat=y\n$End=1\nabcd") == "dtype 'x' is not an integer");
    // A damaged header hides the dtype: msprobe's get_data returns before looking at it.
    CHECK(damage_of("damaged_dtype5", "dtype=5\ndims=-1\n$End=1\nabcd") == "dims '-1' holds -1");
}

TEST_CASE("atb tensor file: a file that cannot be opened is damage", "[atb_compare]") {
    const auto missing = atb::read_atb_tensor_file(scratch_dir("atb_missing") / "intensor0.bin");
    REQUIRE(missing.damage.has_value());
    CHECK(*missing.damage == "E_IO: no such file");
    const auto empty = atb::read_atb_tensor_file(write_atb_text("empty", ""));
    CHECK(empty.damage == std::optional<std::string>("no $End line ends the header"));
}
