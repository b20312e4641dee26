// The element types of kernel dumps against the tables of the bin_dump spec:
// §5.1 (CANN's OutputDataType: names, bytes per element, decoding) and §5.3
// (the nano containers' GE DataType numbering).
#include "tensor/bin_data_type.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <set>

using namespace msprobe::tensor;

TEST_CASE("bin data type: names follow OutputDataType, numbers it lacks are spelled DT_<n>",
          "[tensor][bin_data_type]") {
    CHECK(bin_data_type_name(0) == "DT_UNDEFINED");
    CHECK(bin_data_type_name(1) == "DT_FLOAT");
    CHECK(bin_data_type_name(2) == "DT_FLOAT16");
    CHECK(bin_data_type_name(12) == "DT_DOUBLE");
    CHECK(bin_data_type_name(18) == "DT_QINT8");
    CHECK(bin_data_type_name(23) == "DT_RESOURCE");
    CHECK(bin_data_type_name(26) == "DT_VARIANT");
    CHECK(bin_data_type_name(27) == "DT_BF16");
    CHECK(bin_data_type_name(29) == "DT_UINT1");
    CHECK(bin_data_type_name(33) == "DT_HIFLOAT8");
    CHECK(bin_data_type_name(35) == "DT_FLOAT8_E4M3FN");
    CHECK(bin_data_type_name(36) == "DT_FLOAT8_E8M0");
    CHECK(bin_data_type_name(40) == "DT_FLOAT4_E1M2");
    CHECK(bin_data_type_name(41) == "DT_41");
    CHECK(bin_data_type_name(-1) == "DT_-1");
}

TEST_CASE("bin data type: each decodable type has the spec's element type and stored width",
          "[tensor][bin_data_type]") {
    struct Row {
        std::int32_t number;
        DType dtype;
        Encoding encoding;
        std::size_t stored_bits;
    };
    // §5.1: "bytes/elem" and "true decoding"; types TensorView lacks are widened exactly.
    const Row rows[] = {
        {0, DType::Int8, Encoding::Native, 8},  // raw bytes
        {1, DType::Float32, Encoding::Native, 32},
        {2, DType::Float16, Encoding::Native, 16},
        {3, DType::Int8, Encoding::Native, 8},
        {4, DType::UInt8, Encoding::Native, 8},
        {5, DType::Int16, Encoding::Native, 16},
        {6, DType::Int32, Encoding::UInt16, 16},
        {7, DType::Int32, Encoding::Native, 32},
        {8, DType::Int64, Encoding::Native, 64},
        {9, DType::Int64, Encoding::UInt32, 32},
        {10, DType::Float64, Encoding::UInt64, 64},
        {11, DType::Bool, Encoding::Native, 8},
        {12, DType::Float64, Encoding::Native, 64},
        {16, DType::Complex64, Encoding::Native, 64},
        {17, DType::Complex128, Encoding::Native, 128},
        // The quantized types are plain integers of widths 1, 2, 4, 1, 2 bytes.
        {18, DType::Int8, Encoding::Native, 8},
        {19, DType::Int16, Encoding::Native, 16},
        {20, DType::Int32, Encoding::Native, 32},
        {21, DType::UInt8, Encoding::Native, 8},
        {22, DType::Int32, Encoding::UInt16, 16},
        {23, DType::Int64, Encoding::Native, 64},  // a handle, read as int64
        {27, DType::BFloat16, Encoding::Native, 16},
        {28, DType::Int8, Encoding::Int4, 4},
        {29, DType::UInt8, Encoding::UInt1, 1},
        {32, DType::Complex64, Encoding::Complex32, 32},  // two float16
        {33, DType::Float32, Encoding::HiFloat8, 8},
        {34, DType::Float32, Encoding::Float8E5M2, 8},
        {35, DType::Float32, Encoding::Float8E4M3FN, 8},
        {36, DType::Float32, Encoding::Float8E8M0FNU, 8},
    };
    for (const auto& row : rows) {
        INFO(bin_data_type_name(row.number));
        const auto stored = bin_stored_type(row.number);
        REQUIRE(stored);
        CHECK(stored->dtype == row.dtype);
        CHECK(stored->encoding == row.encoding);
        CHECK(stored->stored_bits() == row.stored_bits);
    }
}

TEST_CASE("bin data type: types without a decoding say why", "[tensor][bin_data_type]") {
    for (const std::int32_t number : {13, 14, 15, 24, 25, 26, 30, 31, 37, 38, 39, 40, 41, -1}) {
        INFO(number);
        CHECK_FALSE(bin_stored_type(number));
    }
    CHECK(unsupported_reason(13) == "data type 13 (DT_STRING) holds strings, not numbers");
    CHECK(unsupported_reason(24) == "data type 24 (DT_STRING_REF) holds strings, not numbers");
    CHECK(unsupported_reason(14) == "data type 14 (DT_DUAL_SUB_INT8) has no numeric element layout");
    CHECK(unsupported_reason(26) == "data type 26 (DT_VARIANT) has no numeric element layout");
    CHECK(unsupported_reason(30) == "data type 30 (DT_INT2) packs elements in an undocumented bit layout");
    CHECK(unsupported_reason(39) == "data type 39 (DT_FLOAT4_E2M1) packs elements in an undocumented bit layout");
    CHECK(unsupported_reason(41) == "data type 41 (DT_41) is not an element type of kernel dumps");
    CHECK(unsupported_reason(-1) == "data type -1 (DT_-1) is not an element type of kernel dumps");
}

TEST_CASE("bin data type: nano numbers map onto OutputDataType as §5.3 lists", "[tensor][bin_data_type]") {
    const std::pair<std::int32_t, std::int32_t> table[] = {
        {0, 1},   {1, 2},   {2, 3},   {3, 7},   {4, 4},   {6, 5},  {7, 6},   {8, 9},   {9, 8},
        {10, 10}, {11, 12}, {12, 11}, {16, 16}, {17, 17}, {23, 8}, {27, 27}, {30, 29},
    };
    std::set<std::int32_t> mapped;
    for (const auto& [nano, output] : table) {
        INFO("nano " << nano);
        CHECK(data_type_of_nano(nano) == output);
        mapped.insert(nano);
    }
    for (std::int32_t nano = -2; nano <= 40; ++nano) {
        if (mapped.count(nano) == 0) {
            INFO("nano " << nano);
            CHECK_FALSE(data_type_of_nano(nano));
        }
    }
}
