#include "kernel_dump_compare/dump_tensor.hpp"

#include <cmath>
#include <map>

#include "common/error.hpp"
#include "kernel_dump_compare/compare_failure.hpp"
#include "tensor/bin_data_type.hpp"
#include "tensor/bin_dump_reader.hpp"
#include "tensor/npy_reader.hpp"

namespace msprobe::kernel_dump_compare {

namespace {

// msaccucmp's float8_e4m3fn decoding: sign, 4 exponent bits (bias 7), 3 mantissa bits, subnormals, no NaN.
tensor::TensorView float8_without_nan(std::span<const std::byte> blob, const std::vector<std::int64_t>& shape) {
    auto values = std::make_shared<std::vector<float>>(blob.size());
    for (std::size_t i = 0; i < blob.size(); ++i) {
        const auto bits = static_cast<unsigned>(blob[i]);
        const float sign = (bits >> 7) != 0 ? -1.0F : 1.0F;
        const int exponent = static_cast<int>((bits >> 3) & 0xFU);
        const auto mantissa = static_cast<float>(bits & 0x7U);
        (*values)[i] = exponent == 0 ? sign * (mantissa / 8.0F) * std::ldexp(1.0F, -6)
                                     : sign * (1.0F + mantissa / 8.0F) * std::ldexp(1.0F, exponent - 7);
    }
    tensor::TensorView view;
    view.dtype = tensor::DType::Float32;
    std::int64_t count = 1;
    for (const auto d : shape) count *= d;
    view.shape = shape;
    if (count != static_cast<std::int64_t>(values->size())) view.shape = {static_cast<std::int64_t>(values->size())};
    view.strides.assign(view.shape.size(), 1);
    for (std::size_t i = view.shape.size(); i-- > 1;) view.strides[i - 1] = view.strides[i] * view.shape[i];
    view.data = reinterpret_cast<const std::byte*>(values->data());
    view.owner = values;
    return view;
}

DumpTensor from_bin(const tensor::BinTensor& stored, const tensor::BinTensorHeader& header, bool nano,
                    const ReadPolicy& policy) {
    DumpTensor t;
    t.shape = header.shape;
    t.original_shape = header.original_shape;
    t.format = static_cast<tensor::AscendFormat>(header.format);
    t.sub_format = header.sub_format;
    t.data_type = header.data_type;
    // The protobuf header reaches msaccucmp as JSON, where a uint64 address is a string:
    // "0" never equals 0 there, so only nano containers show NaN for a zero address.
    t.address = nano && header.address == 0 ? "NaN" : std::to_string(header.address);
    if (policy.float8_without_nan && tensor::bin_data_type_name(header.data_type) == "DT_FLOAT8_E4M3FN" &&
        !stored.error) {
        t.values = float8_without_nan(stored.blob, t.shape);
        return t;
    }
    if (stored.error) {
        t.error = stored.error->what();
    } else {
        t.values = stored.view();
        // DT_UNDEFINED holds raw bytes: msaccucmp shapes them by their count.
        if (tensor::bin_data_type_name(header.data_type) == "DT_UNDEFINED") {
            t.shape = {t.values.numel()};
            t.values.shape = t.shape;
            t.values.strides = {1};
        }
    }
    return t;
}

// The element types msaccucmp reads (ConstManager.DATA_TYPE_TO_DTYPE_MAP); any other fails the whole file.
bool read_by_msaccucmp(std::int32_t data_type) { return data_type_cell(data_type) != "NaN"; }

}  // namespace

DumpFileTensors read_kernel_dump(const std::filesystem::path& file, const ReadPolicy& policy) {
    const tensor::BinDump dump = tensor::read_bin_dump(file);
    for (const auto* slots : {&dump.header.outputs, &dump.header.inputs}) {
        for (const auto& header : *slots) {
            if (!read_by_msaccucmp(header.data_type)) {
                throw CompareFailure(
                    FailureCode::InvalidShapeData,
                    "The output data type (" + std::to_string(header.data_type) + ") does not support.");
            }
        }
    }
    DumpFileTensors tensors;
    tensors.path = file;
    tensors.op_name = dump.header.op_name;
    tensors.has_attributes = !dump.header.attrs.empty();
    if (tensors.has_attributes) tensors.first_attribute = dump.header.attrs.front().value;
    tensors.owner = dump.owner;
    const bool nano = dump.container == tensor::BinContainerKind::Nano;
    for (std::size_t i = 0; i < dump.inputs.size(); ++i) {
        tensors.inputs.push_back(from_bin(dump.inputs[i], dump.header.inputs[i], nano, policy));
    }
    for (std::size_t i = 0; i < dump.outputs.size(); ++i) {
        tensors.outputs.push_back(from_bin(dump.outputs[i], dump.header.outputs[i], nano, policy));
    }
    return tensors;
}

DumpFileTensors read_golden_npy(const std::filesystem::path& file) {
    DumpFileTensors tensors;
    tensors.path = file;
    DumpTensor t;
    t.values = tensor::read_npy(file);
    t.shape = t.values.shape;
    t.address = "NaN";
    tensors.outputs.push_back(std::move(t));
    return tensors;
}

std::string data_type_cell(std::int32_t data_type) {
    static const std::map<std::string, std::string> names = {
        {"DT_FLOAT", "float32"},
        {"DT_FLOAT16", "float16"},
        {"DT_DOUBLE", "float64"},
        {"DT_INT8", "int8"},
        {"DT_INT16", "int16"},
        {"DT_INT32", "int32"},
        {"DT_INT64", "int64"},
        {"DT_UINT8", "uint8"},
        {"DT_UINT16", "uint16"},
        {"DT_UINT32", "uint32"},
        {"DT_UINT64", "uint64"},
        {"DT_BOOL", "bool"},
        {"DT_COMPLEX64", "complex64"},
        {"DT_COMPLEX128", "complex128"},
        {"DT_BF16", "bfloat16"},
        {"DT_UINT1", "uint1"},
        {"DT_UNDEFINED", "int8"},
        {"DT_RESOURCE", "int64"},
        {"DT_FLOAT8_E4M3FN", "float8_e4m3fn"},
        {"DT_HIFLOAT8", "hifloat8"},
        {"DT_FLOAT8_E5M2", "float8_e5m2"},
    };
    const auto it = names.find(tensor::bin_data_type_name(data_type));
    return it == names.end() ? "NaN" : it->second;
}

std::string array_dtype_name(const DumpTensor& tensor) {
    if (tensor.data_type) {
        const std::string name = data_type_cell(*tensor.data_type);
        if (name == "bfloat16" || name.rfind("float8", 0) == 0 || name == "hifloat8") return "float32";
        if (name == "uint1") return "uint8";
        if (name != "NaN") return name;
    }
    if (tensor.error) return "NaN";
    return std::string(tensor::numpy_name(tensor.values.dtype));
}

}  // namespace msprobe::kernel_dump_compare
