#include "tensor/npy_writer.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "tensor/strided.hpp"
#include "tensor/tensor_file_output.hpp"
#include "tensor/widen.hpp"

namespace msprobe::tensor {

namespace {

constexpr std::size_t kAlignment = 64;
constexpr std::size_t kGrowthAxisMaxDigits = 21;  // room to rewrite the first dim in place (numpy's own rule)
constexpr std::size_t kVersion1MaxHeader = 0xFFFF;

// Python's repr of a tuple of ints: "()", "(5,)", "(2, 3)".
std::string tuple_repr(const std::vector<std::int64_t>& values) {
    std::string text = "(";
    for (std::size_t i = 0; i < values.size(); ++i) text += fmt::format("{}{}", i ? ", " : "", values[i]);
    return text + (values.size() == 1 ? ",)" : ")");
}

void put_le(std::string& out, std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
}

}  // namespace

DType npy_stored_dtype(DType dtype) { return dtype == DType::BFloat16 ? DType::Float32 : dtype; }

std::string npy_descr(DType dtype) {
    switch (dtype) {
        case DType::Float16: return "<f2";
        case DType::Float32: return "<f4";
        case DType::Float64: return "<f8";
        case DType::Int8: return "|i1";
        case DType::Int16: return "<i2";
        case DType::Int32: return "<i4";
        case DType::Int64: return "<i8";
        case DType::UInt8: return "|u1";
        case DType::Bool: return "|b1";
        case DType::Complex64: return "<c8";
        case DType::Complex128: return "<c16";
        case DType::BFloat16: break;
    }
    throw std::invalid_argument("numpy has no spelling for " + std::string(torch_name(dtype)));
}

// numpy.lib.format._write_array_header and _wrap_header.
std::string npy_header(DType dtype, const std::vector<std::int64_t>& shape) {
    std::string dict = fmt::format("{{'descr': '{}', 'fortran_order': False, 'shape': {}, }}", npy_descr(dtype),
                                   tuple_repr(shape));
    if (!shape.empty()) dict.append(kGrowthAxisMaxDigits - fmt::format("{}", shape.front()).size(), ' ');
    const auto wrap = [&](int version) {
        const std::size_t length_size = version == 1 ? 2 : 4;
        const std::size_t unpadded = 8 + length_size + dict.size() + 1;
        const std::size_t padding = kAlignment - unpadded % kAlignment;
        const std::size_t header_length = dict.size() + padding + 1;
        std::string out = "\x93NUMPY";
        out.push_back(static_cast<char>(version));
        out.push_back('\0');
        put_le(out, header_length, static_cast<int>(length_size));
        out += dict;
        out.append(padding, ' ');
        out += '\n';
        return std::make_pair(out, header_length);
    };
    auto [header, length] = wrap(1);
    return length <= kVersion1MaxHeader ? header : wrap(2).first;
}

void write_npy(const std::filesystem::path& file, const TensorView& values) {
    const TensorView stored = values.dtype == DType::BFloat16 ? widened_to_float32(values) : to_contiguous(values);
    TensorFileOutput out(file);
    out.write(npy_header(stored.dtype, stored.shape));
    out.write(contiguous_bytes(stored));
    out.close();
}

}  // namespace msprobe::tensor
