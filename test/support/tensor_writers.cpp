#include "support/tensor_writers.hpp"

#include <zlib.h>

#include <fstream>
#include <stdexcept>

#include "tensor/pickle_writer.hpp"

namespace msprobe::testing {

namespace {

using tensor::DType;
using tensor::PickleWriter;

void put_u16(std::string& out, std::uint32_t value) {
    out.push_back(static_cast<char>(value & 0xFF));
    out.push_back(static_cast<char>((value >> 8) & 0xFF));
}

void put_u32(std::string& out, std::uint32_t value) {
    put_u16(out, value & 0xFFFF);
    put_u16(out, value >> 16);
}

void put_u64(std::string& out, std::uint64_t value) {
    put_u32(out, static_cast<std::uint32_t>(value));
    put_u32(out, static_cast<std::uint32_t>(value >> 32));
}

std::string to_string(std::span<const std::byte> bytes) {
    return std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size());
}

// ---------------------------------------------------------------- npy

// Python's repr of a tuple of ints: "()", "(5,)", "(2, 3)".
std::string tuple_repr(const std::vector<std::int64_t>& values) {
    std::string text = "(";
    for (std::size_t i = 0; i < values.size(); ++i) text += (i ? ", " : "") + std::to_string(values[i]);
    return text + (values.size() == 1 ? ",)" : ")");
}

}  // namespace

const char* torch_storage_class(DType dtype) {
    switch (dtype) {
        case DType::Float16: return "HalfStorage";
        case DType::BFloat16: return "BFloat16Storage";
        case DType::Float32: return "FloatStorage";
        case DType::Float64: return "DoubleStorage";
        case DType::Int8: return "CharStorage";
        case DType::Int16: return "ShortStorage";
        case DType::Int32: return "IntStorage";
        case DType::Int64: return "LongStorage";
        case DType::UInt8: return "ByteStorage";
        case DType::Bool: return "BoolStorage";
        case DType::Complex64: return "ComplexFloatStorage";
        case DType::Complex128: return "ComplexDoubleStorage";
    }
    throw std::invalid_argument("unknown dtype");
}

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
    throw std::invalid_argument("numpy has no descr for " + std::string(tensor::torch_name(dtype)));
}

// numpy.lib.format._write_array_header and _wrap_header (numpy 1.24).
std::string npy_bytes(const NpyLayout& layout, const std::vector<std::int64_t>& shape,
                      std::span<const std::byte> data) {
    constexpr std::size_t kAlign = 64;
    constexpr std::size_t kGrowthAxisMaxDigits = 21;
    std::string header = "{'descr': '" + layout.descr +
                         "', 'fortran_order': " + (layout.fortran_order ? "True" : "False") +
                         ", 'shape': " + tuple_repr(shape) + ", }";
    if (!shape.empty()) {  // spare room so the growing axis can be rewritten in place
        const auto growing = std::to_string(layout.fortran_order ? shape.back() : shape.front());
        header.append(kGrowthAxisMaxDigits - growing.size(), ' ');
    }
    const std::size_t length_size = layout.version == 1 ? 2 : 4;
    const std::size_t prefix = 8 + length_size;
    const std::size_t unpadded = header.size() + 1;
    const std::size_t padding = kAlign - (prefix + unpadded) % kAlign;
    std::string out = "\x93NUMPY";
    out.push_back(static_cast<char>(layout.version));
    out.push_back('\0');
    const auto header_length = static_cast<std::uint32_t>(unpadded + padding);
    if (layout.version == 1) {
        put_u16(out, header_length);
    } else {
        put_u32(out, header_length);
    }
    out += header;
    out.append(padding, ' ');
    out += '\n';
    out += to_string(data);
    return out;
}

void write_npy(const std::filesystem::path& path, DType dtype, const std::vector<std::int64_t>& shape,
               std::span<const std::byte> data, bool fortran_order) {
    write_tensor_bytes(path, npy_bytes({npy_descr(dtype), fortran_order, 1}, shape, data));
}

// torch/_tensor.py _reduce_ex_internal + serialization.py persistent_id (1.13).
std::string pt_data_pkl(const PtTensor& tensor) {
    const auto element_size = static_cast<std::int64_t>(tensor::dtype_size(tensor.dtype));
    PickleWriter pickle;
    pickle.global("torch._utils", "_rebuild_tensor_v2");
    pickle.mark();
    {  // persistent id ('storage', torch.<X>Storage, key, location, numel)
        pickle.mark();
        pickle.text("storage");
        pickle.global("torch", torch_storage_class(tensor.dtype));
        pickle.text("0");
        pickle.text("cpu");
        pickle.integer(static_cast<std::int64_t>(tensor.storage.size()) / element_size);
        pickle.tuple_since_mark();
        pickle.persistent_id();
    }
    pickle.integer(tensor.storage_offset);
    pickle.int_tuple(tensor.shape);
    pickle.int_tuple(tensor.strides);
    pickle.boolean(tensor.requires_grad);
    pickle.global("collections", "OrderedDict");  // backward_hooks
    pickle.empty_tuple();
    pickle.reduce();
    pickle.tuple_since_mark();
    pickle.reduce();
    return pickle.finish();
}

// caffe2/serialize/inline_container.cc (PyTorchStreamWriter) over miniz.
std::string torch_zip(const std::string& archive_name, const ZipRecords& records) {
    constexpr std::size_t kAlign = 64;
    constexpr std::size_t kLocalHeaderSize = 30;
    struct Written {
        std::string name;
        std::uint32_t crc;
        std::uint32_t size;
        std::uint32_t offset;
        std::uint16_t flags;
    };
    std::vector<Written> written;
    std::string out;
    for (const auto& [record, data] : records) {
        const std::string name = archive_name.empty() ? record : archive_name + "/" + record;
        if (out.size() + data.size() >= 0xFFFFFFFFULL)
            throw std::length_error("torch_zip writes archives below 4 GiB only");
        const auto crc =
            static_cast<std::uint32_t>(crc32_z(0, reinterpret_cast<const Bytef*>(data.data()), data.size()));
        // UTF-8 names; miniz announces a data descriptor for non-empty records only.
        const std::uint16_t flags = data.empty() ? 0x0800 : 0x0808;
        const std::size_t start = out.size() + kLocalHeaderSize + name.size() + 4;
        const std::size_t padding = (kAlign - start % kAlign) % kAlign;
        written.push_back(
            {name, crc, static_cast<std::uint32_t>(data.size()), static_cast<std::uint32_t>(out.size()), flags});
        put_u32(out, 0x04034b50);
        put_u16(out, 0);       // version needed
        put_u16(out, flags);
        put_u16(out, 0);       // stored
        put_u32(out, 0);       // time, date
        put_u32(out, 0);       // CRC, sizes: in the data descriptor
        put_u32(out, 0);
        put_u32(out, 0);
        put_u16(out, static_cast<std::uint32_t>(name.size()));
        put_u16(out, static_cast<std::uint32_t>(padding + 4));
        out += name;
        out += "FB";
        put_u16(out, static_cast<std::uint32_t>(padding));
        out.append(padding, 'Z');
        out += data;
        if (data.empty()) continue;
        put_u32(out, 0x08074b50);
        put_u32(out, crc);
        put_u32(out, static_cast<std::uint32_t>(data.size()));
        put_u32(out, static_cast<std::uint32_t>(data.size()));
    }
    const std::size_t directory_offset = out.size();
    for (const auto& entry : written) {
        put_u32(out, 0x02014b50);
        put_u16(out, 0);  // made by
        put_u16(out, 0);  // needed
        put_u16(out, entry.flags);
        put_u16(out, 0);
        put_u32(out, 0);
        put_u32(out, entry.crc);
        put_u32(out, entry.size);
        put_u32(out, entry.size);
        put_u16(out, static_cast<std::uint32_t>(entry.name.size()));
        put_u16(out, 0);  // extra
        put_u16(out, 0);  // comment
        put_u16(out, 0);  // disk
        put_u16(out, 0);  // internal attributes
        put_u32(out, 0);  // external attributes
        put_u32(out, entry.offset);
        out += entry.name;
    }
    const std::size_t directory_size = out.size() - directory_offset;
    const std::size_t zip64_end = out.size();
    put_u32(out, 0x06064b50);
    put_u64(out, 44);
    put_u16(out, 0x031E);
    put_u16(out, 0x002D);
    put_u32(out, 0);
    put_u32(out, 0);
    put_u64(out, written.size());
    put_u64(out, written.size());
    put_u64(out, directory_size);
    put_u64(out, directory_offset);
    put_u32(out, 0x07064b50);
    put_u32(out, 0);
    put_u64(out, zip64_end);
    put_u32(out, 1);
    put_u32(out, 0x06054b50);
    put_u16(out, 0);
    put_u16(out, 0);
    put_u16(out, static_cast<std::uint32_t>(written.size()));
    put_u16(out, static_cast<std::uint32_t>(written.size()));
    put_u32(out, static_cast<std::uint32_t>(directory_size));
    put_u32(out, static_cast<std::uint32_t>(directory_offset));
    put_u16(out, 0);
    return out;
}

std::string pt_bytes(const PtTensor& tensor, const std::string& archive_name, bool byteorder_record) {
    ZipRecords records{{"data.pkl", pt_data_pkl(tensor)}};
    if (byteorder_record) records.emplace_back("byteorder", "little");
    records.emplace_back("data/0", to_string(tensor.storage));
    records.emplace_back("version", "3\n");
    return torch_zip(archive_name, records);
}

void write_pt(const std::filesystem::path& path, DType dtype, const std::vector<std::int64_t>& shape,
              const std::vector<std::int64_t>& strides, std::int64_t storage_offset,
              std::span<const std::byte> storage_bytes, bool requires_grad) {
    const PtTensor tensor{dtype, shape, strides, storage_offset, storage_bytes, requires_grad};
    write_tensor_bytes(path, pt_bytes(tensor, path.stem().string()));
}

void write_tensor_bytes(const std::filesystem::path& path, const std::string& bytes) {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!file) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace msprobe::testing
