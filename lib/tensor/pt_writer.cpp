#include "tensor/pt_writer.hpp"

#include <zlib.h>

#include <cstdint>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "common/zip_stream_writer.hpp"
#include "tensor/pickle_writer.hpp"
#include "tensor/strided.hpp"
#include "tensor/tensor_file_output.hpp"

namespace msprobe::tensor {

namespace {

constexpr std::size_t kRecordAlignment = 64;  // caffe2's PyTorchStreamWriter aligns every record
constexpr std::string_view kVersionRecord = "3\n";

std::string_view storage_class(DType dtype) {
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

void add_record(zip::ZipStreamWriter& zip, const std::string& name, std::span<const std::byte> data) {
    zip.begin_stored_entry(name, kRecordAlignment);
    const std::string_view bytes(reinterpret_cast<const char*>(data.data()), data.size());
    zip.write(bytes);
    const auto crc = crc32_z(0, reinterpret_cast<const Bytef*>(data.data()), data.size());
    zip.end_entry(static_cast<std::uint32_t>(crc), data.size());
}

void add_record(zip::ZipStreamWriter& zip, const std::string& name, std::string_view text) {
    add_record(zip, name, std::span<const std::byte>(reinterpret_cast<const std::byte*>(text.data()), text.size()));
}

}  // namespace

// torch/_tensor.py _reduce_ex_internal and serialization.py persistent_id.
std::string pt_data_pkl(const TensorView& contiguous) {
    if (!contiguous.is_contiguous()) throw std::invalid_argument("pt_data_pkl takes a contiguous tensor");
    PickleWriter pickle;
    pickle.global("torch._utils", "_rebuild_tensor_v2");
    pickle.mark();
    pickle.mark();  // persistent id ('storage', torch.<X>Storage, key, location, numel)
    pickle.text("storage");
    pickle.global("torch", std::string(storage_class(contiguous.dtype)));
    pickle.text("0");
    pickle.text("cpu");
    pickle.integer(contiguous.numel());
    pickle.tuple_since_mark();
    pickle.persistent_id();
    pickle.integer(0);  // storage offset
    pickle.int_tuple(contiguous.shape);
    pickle.int_tuple(contiguous.strides);
    pickle.boolean(false);                        // requires_grad
    pickle.global("collections", "OrderedDict");  // backward hooks
    pickle.empty_tuple();
    pickle.reduce();
    pickle.tuple_since_mark();
    pickle.reduce();
    return pickle.finish();
}

void write_pt(const std::filesystem::path& file, const TensorView& values, const std::string& archive_name) {
    TensorView stored = to_contiguous(values);
    stored.strides = row_major_strides(stored.shape);  // torch's strides for an empty tensor count a 0 dim as 1
    zip::ZipStreamWriter zip(file);
    add_record(zip, archive_name + "/data.pkl", pt_data_pkl(stored));
    add_record(zip, archive_name + "/byteorder", std::string_view("little"));
    add_record(zip, archive_name + "/data/0", contiguous_bytes(stored));
    add_record(zip, archive_name + "/version", kVersionRecord);
    zip.finish();
}

}  // namespace msprobe::tensor
