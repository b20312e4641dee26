// numpy.save's bytes for every dtype, read back by read_npy; bfloat16 widened
// to float32 exactly.
#include "tensor/npy_writer.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>

#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "support/tensor_writers.hpp"
#include "tensor/half.hpp"
#include "tensor/npy_reader.hpp"
#include "owned_view.hpp"
#include "tensor_test_support.hpp"

using namespace msprobe;
using namespace msprobe::tensor;

namespace {

using testing::owned_view;
using testing::patterned_bytes;

const DType kNumpyTypes[] = {DType::Float16, DType::Float32, DType::Float64, DType::Int8,      DType::Int16,
                             DType::Int32,   DType::Int64,   DType::UInt8,   DType::Complex64, DType::Complex128};

}  // namespace

TEST_CASE("write_npy writes numpy.save's bytes for every dtype", "[npy_writer]") {
    const auto dir = testing::scratch_dir("npy_writer_dtypes");
    for (const DType dtype : kNumpyTypes) {
        for (const std::vector<std::int64_t>& shape :
             {std::vector<std::int64_t>{2, 3}, {}, {0, 3}, {5}, {1, 2, 1, 3, 1}}) {
            std::int64_t numel = 1;
            for (const auto dim : shape) numel *= dim;
            const std::string data = patterned_bytes(static_cast<std::size_t>(numel) * dtype_size(dtype));
            const auto file = dir / "t.npy";
            write_npy(file, owned_view(dtype, shape, data));
            const auto expected =
                testing::npy_bytes({testing::npy_descr(dtype), false, 1}, shape, testing::span_of(data));
            INFO(numpy_name(dtype) << " rank " << shape.size());
            CHECK(testing::read_file_text(file) == expected);
            const TensorView back = read_npy(file);
            CHECK(back.dtype == dtype);
            CHECK(back.shape == shape);
        }
    }
}

TEST_CASE("write_npy writes booleans as numpy does", "[npy_writer]") {
    const auto file = testing::scratch_dir("npy_writer_bool") / "b.npy";
    const std::string data{'\1', '\0', '\1'};
    write_npy(file, owned_view(DType::Bool, {3}, data));
    CHECK(testing::read_file_text(file) == testing::npy_bytes({"|b1", false, 1}, {3}, testing::span_of(data)));
}

TEST_CASE("write_npy widens bfloat16 to float32 exactly", "[npy_writer]") {
    const std::vector<std::uint16_t> bits{0x3F80, 0xC000, 0x7F80, 0xFF80, 0x7FC0, 0x0001, 0x8000, 0x4049};
    std::string data(bits.size() * 2, '\0');
    std::memcpy(data.data(), bits.data(), data.size());
    const auto file = testing::scratch_dir("npy_writer_bf16") / "bf16.npy";
    write_npy(file, owned_view(DType::BFloat16, {2, 4}, data));
    const TensorView back = read_npy(file);
    REQUIRE(back.dtype == DType::Float32);
    REQUIRE(back.shape == std::vector<std::int64_t>{2, 4});
    const auto* values = reinterpret_cast<const float*>(back.data);
    for (std::size_t i = 0; i < bits.size(); ++i) {
        const float expected = bfloat16_to_float(bits[i]);
        if (std::isnan(expected)) {
            CHECK(std::isnan(values[i]));
        } else {
            CHECK(values[i] == expected);
            CHECK(std::signbit(values[i]) == std::signbit(expected));
        }
    }
}

TEST_CASE("write_npy writes a strided view in C order", "[npy_writer]") {
    std::vector<std::int32_t> values{0, 1, 2, 3, 4, 5};  // (2, 3) read as its transpose (3, 2)
    std::string data(reinterpret_cast<const char*>(values.data()), values.size() * 4);
    TensorView transposed = owned_view(DType::Int32, {2, 3}, data);
    transposed.shape = {3, 2};
    transposed.strides = {1, 3};
    const auto file = testing::scratch_dir("npy_writer_strided") / "t.npy";
    write_npy(file, transposed);
    const TensorView back = read_npy(file);
    REQUIRE(back.shape == std::vector<std::int64_t>{3, 2});
    const auto* read = reinterpret_cast<const std::int32_t*>(back.data);
    CHECK(std::vector<std::int32_t>(read, read + 6) == std::vector<std::int32_t>{0, 3, 1, 4, 2, 5});
}

TEST_CASE("npy_header moves to version 2.0 when the header outgrows 64 KiB", "[npy_writer]") {
    const std::vector<std::int64_t> shape(30000, 1);  // "1, " per dim: a header over 65535 bytes
    const std::string header = npy_header(DType::Float32, shape);
    CHECK(header[6] == '\2');
    CHECK(header.size() % 64 == 0);
    const std::string element(4, '\0');
    CHECK(header + element == testing::npy_bytes({"<f4", false, 2}, shape, testing::span_of(element)));
    CHECK(npy_header(DType::Float32, {2})[6] == '\1');
}

TEST_CASE("write_npy names the file it cannot create", "[npy_writer]") {
    const auto missing = testing::scratch_dir("npy_writer_errors") / "no_such_dir" / "t.npy";
    CHECK_THROWS_WITH(write_npy(missing, owned_view(DType::Int8, {1}, "x")), Catch::Contains(missing.string()));
}
