#include "kernel_dump_compare/dump_tensor.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>

#include "kernel_dump_compare/compare_failure.hpp"
#include "kernel_dump_compare/float_array.hpp"
#include "support/bin_dump_writer.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::kernel_dump_compare;
namespace fs = std::filesystem;

namespace {

fs::path write_dump(const fs::path& dir, const std::string& name, std::vector<testing::BinTensorSpec> outputs) {
    testing::BinDumpSpec spec;
    spec.op_name = "op";
    spec.outputs = std::move(outputs);
    const auto bytes = testing::encode_bin_dump(spec);
    const fs::path file = dir / name;
    std::ofstream(file, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    return file;
}

}  // namespace

TEST_CASE("dump tensor: float8_e4m3fn as the format says, or as msaccucmp decodes it", "[kernel_dump_compare]") {
    const auto dir = testing::scratch_dir("kdc_dump_tensor_fp8");
    // 1.0, the two NaN codes, the smallest subnormal (2^-9).
    const auto file = write_dump(dir, "Cast.fp8.1.0.1700000000000001",
                                 {testing::tensor_spec(35, {4}, testing::bytes_of_codes({0x38, 0x7F, 0xFF, 0x01}))});
    const auto own = float32_values(read_kernel_dump(file).outputs.at(0).values);
    REQUIRE(own.size() == 4);
    CHECK(own[0] == 1.0F);
    CHECK(std::isnan(own[1]));
    CHECK(std::isnan(own[2]));
    CHECK(own[3] == 0.001953125F);
    // dtype_conversion.float8e4m3fn_to_float32: exponent 15, mantissa 7 is (1 + 7/8) * 2^8.
    const auto theirs = float32_values(read_kernel_dump(file, {.float8_without_nan = true}).outputs.at(0).values);
    CHECK(theirs == std::vector<float>{1.0F, 480.0F, -480.0F, 0.001953125F});
}

TEST_CASE("dump tensor: types msaccucmp cannot read fail the file, raw bytes are shaped by their count",
          "[kernel_dump_compare]") {
    const auto dir = testing::scratch_dir("kdc_dump_tensor_types");
    const auto int4 = write_dump(dir, "Add.int4.1.0.1700000000000001",
                                 {testing::tensor_spec(28, {4}, testing::pack_int4({1, -2, 3, -4}))});
    try {
        read_kernel_dump(int4);
        FAIL("no failure");
    } catch (const CompareFailure& failure) {
        CHECK(std::string(failure.what()) == "The output data type (28) does not support.");
    }
    const auto raw =
        write_dump(dir, "Add.raw.1.0.1700000000000001",
                   {testing::tensor_spec(0, {3, 4}, testing::bytes_of_codes(std::vector<unsigned>(12, 7)))});
    const auto tensors = read_kernel_dump(raw);
    CHECK(tensors.outputs.at(0).shape == std::vector<std::int64_t>{12});  // DT_UNDEFINED: its byte count
    CHECK(data_type_cell(0) == "int8");
    CHECK(data_type_cell(27) == "bfloat16");
    CHECK(data_type_cell(28) == "NaN");
    CHECK(tensors.outputs.at(0).address == "0");  // the protobuf header's address as msaccucmp's JSON shows it
}
