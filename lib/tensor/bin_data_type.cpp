#include "tensor/bin_data_type.hpp"

#include <array>
#include <string_view>

namespace msprobe::tensor {

namespace {

constexpr std::array<std::string_view, 41> kNames = {
    "DT_UNDEFINED", "DT_FLOAT", "DT_FLOAT16", "DT_INT8", "DT_UINT8", "DT_INT16", "DT_UINT16",
    "DT_INT32", "DT_INT64", "DT_UINT32", "DT_UINT64", "DT_BOOL", "DT_DOUBLE", "DT_STRING",
    "DT_DUAL_SUB_INT8", "DT_DUAL_SUB_UINT8", "DT_COMPLEX64", "DT_COMPLEX128", "DT_QINT8",
    "DT_QINT16", "DT_QINT32", "DT_QUINT8", "DT_QUINT16", "DT_RESOURCE", "DT_STRING_REF",
    "DT_DUAL", "DT_VARIANT", "DT_BF16", "DT_INT4", "DT_UINT1", "DT_INT2", "DT_UINT2",
    "DT_COMPLEX32", "DT_HIFLOAT8", "DT_FLOAT8_E5M2", "DT_FLOAT8_E4M3FN", "DT_FLOAT8_E8M0",
    "DT_FLOAT6_E3M2", "DT_FLOAT6_E2M3", "DT_FLOAT4_E2M1", "DT_FLOAT4_E1M2",
};

}  // namespace

std::string bin_data_type_name(std::int32_t data_type) {
    if (data_type >= 0 && data_type < static_cast<std::int32_t>(kNames.size())) {
        return std::string(kNames[static_cast<std::size_t>(data_type)]);
    }
    return "DT_" + std::to_string(data_type);
}

std::optional<StoredType> bin_stored_type(std::int32_t data_type) {
    switch (data_type) {
        case 0: return StoredType{DType::Int8};  // DT_UNDEFINED: raw bytes
        case 1: return StoredType{DType::Float32};
        case 2: return StoredType{DType::Float16};
        case 3: case 18: return StoredType{DType::Int8};  // the quantized types are plain integers
        case 4: case 21: return StoredType{DType::UInt8};
        case 5: case 19: return StoredType{DType::Int16};
        case 6: case 22: return StoredType{DType::Int32, Encoding::UInt16};
        case 7: case 20: return StoredType{DType::Int32};
        case 8: case 23: return StoredType{DType::Int64};  // DT_RESOURCE: a handle, read as int64
        case 9: return StoredType{DType::Int64, Encoding::UInt32};
        case 10: return StoredType{DType::Float64, Encoding::UInt64};
        case 11: return StoredType{DType::Bool};
        case 12: return StoredType{DType::Float64};
        case 16: return StoredType{DType::Complex64};
        case 17: return StoredType{DType::Complex128};
        case 27: return StoredType{DType::BFloat16};
        case 28: return StoredType{DType::Int8, Encoding::Int4};
        case 29: return StoredType{DType::UInt8, Encoding::UInt1};
        case 32: return StoredType{DType::Complex64, Encoding::Complex32};
        case 33: return StoredType{DType::Float32, Encoding::HiFloat8};
        case 34: return StoredType{DType::Float32, Encoding::Float8E5M2};
        case 35: return StoredType{DType::Float32, Encoding::Float8E4M3FN};
        case 36: return StoredType{DType::Float32, Encoding::Float8E8M0FNU};
        default: return std::nullopt;
    }
}

std::string unsupported_reason(std::int32_t data_type) {
    const std::string name = "data type " + std::to_string(data_type) + " (" + bin_data_type_name(data_type) + ")";
    switch (data_type) {
        case 13: case 24: return name + " holds strings, not numbers";
        case 14: case 15: case 25: case 26: return name + " has no numeric element layout";
        case 30: case 31: case 37: case 38: case 39: case 40:
            return name + " packs elements in an undocumented bit layout";
        default: return name + " is not an element type of kernel dumps";
    }
}

std::optional<std::int32_t> data_type_of_nano(std::int32_t nano_data_type) {
    switch (nano_data_type) {
        case 0: return 1;    // FLOAT
        case 1: return 2;    // FLOAT16
        case 2: return 3;    // INT8
        case 3: return 7;    // INT32
        case 4: return 4;    // UINT8
        case 6: return 5;    // INT16
        case 7: return 6;    // UINT16
        case 8: return 9;    // UINT32
        case 9: return 8;    // INT64
        case 10: return 10;  // UINT64
        case 11: return 12;  // DOUBLE
        case 12: return 11;  // BOOL
        case 16: return 16;  // COMPLEX64
        case 17: return 17;  // COMPLEX128
        case 23: return 8;   // RESOURCE, read as int64
        case 27: return 27;  // BF16
        case 30: return 29;  // UINT1
        default: return std::nullopt;
    }
}

}  // namespace msprobe::tensor
