#include "tensor/pt_writer.hpp"

#include <zlib.h>

#include <cstdint>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "common/zip_stream_writer.hpp"
#include "tensor/strided.hpp"
#include "tensor/tensor_file_output.hpp"

namespace msprobe::tensor {

namespace {

constexpr std::size_t kRecordAlignment = 64;  // caffe2's PyTorchStreamWriter aligns every record
constexpr std::string_view kVersionRecord = "3\n";

void put_le(std::string& out, std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
}

// The pickle protocol 2 opcodes torch.save emits for one tensor; every
// object is memoized in creation order (BINPUT / LONG_BINPUT), as pickle.py does.
class PickleOut {
public:
    PickleOut() { out_ = "\x80\x02"; }

    void global(std::string_view module, std::string_view name) {
        out_ += 'c';
        out_ += module;
        out_ += '\n';
        out_ += name;
        out_ += '\n';
        memoize();
    }
    void unicode(std::string_view text) {
        out_ += 'X';
        put_le(out_, text.size(), 4);
        out_ += text;
        memoize();
    }
    // pickle.py save_long: BININT1, BININT2, BININT, else LONG1.
    void integer(std::int64_t value) {
        if (value >= 0 && value <= 0xFF) {
            out_ += 'K';
            put_le(out_, static_cast<std::uint64_t>(value), 1);
        } else if (value >= 0 && value <= 0xFFFF) {
            out_ += 'M';
            put_le(out_, static_cast<std::uint64_t>(value), 2);
        } else if (value >= INT32_MIN && value <= INT32_MAX) {
            out_ += 'J';
            put_le(out_, static_cast<std::uint64_t>(value), 4);
        } else {
            // Shortest little-endian two's complement.
            std::string bytes;
            put_le(bytes, static_cast<std::uint64_t>(value), 8);
            const char fill = value < 0 ? '\xff' : '\0';
            const auto sign_of = [](char byte) { return (static_cast<unsigned char>(byte) & 0x80) != 0; };
            while (bytes.size() > 1 && bytes.back() == fill && sign_of(bytes[bytes.size() - 2]) == (value < 0)) {
                bytes.pop_back();
            }
            out_ += '\x8a';
            out_.push_back(static_cast<char>(bytes.size()));
            out_ += bytes;
        }
    }
    void boolean(bool value) { out_ += value ? '\x88' : '\x89'; }
    void mark() { out_ += '('; }
    void tuple_from_mark() {
        out_ += 't';
        memoize();
    }
    // save_tuple: EMPTY_TUPLE (not memoized), TUPLE1-3, else MARK ... TUPLE.
    void int_tuple(const std::vector<std::int64_t>& values) {
        if (values.empty()) {
            out_ += ')';
            return;
        }
        if (values.size() > 3) mark();
        for (const auto value : values) integer(value);
        if (values.size() > 3) {
            tuple_from_mark();
            return;
        }
        out_.push_back(static_cast<char>(0x85 + values.size() - 1));
        memoize();
    }
    void empty_tuple() { out_ += ')'; }
    void reduce() {
        out_ += 'R';
        memoize();
    }
    void persistent_id() { out_ += 'Q'; }
    std::string finish() { return out_ + '.'; }

private:
    void memoize() {
        if (memo_ <= 0xFF) {
            out_ += 'q';
            put_le(out_, memo_, 1);
        } else {
            out_ += 'r';
            put_le(out_, memo_, 4);
        }
        ++memo_;
    }

    std::string out_;
    std::uint32_t memo_ = 0;
};

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
    PickleOut pickle;
    pickle.global("torch._utils", "_rebuild_tensor_v2");
    pickle.mark();
    pickle.mark();  // persistent id ('storage', torch.<X>Storage, key, location, numel)
    pickle.unicode("storage");
    pickle.global("torch", storage_class(contiguous.dtype));
    pickle.unicode("0");
    pickle.unicode("cpu");
    pickle.integer(contiguous.numel());
    pickle.tuple_from_mark();
    pickle.persistent_id();
    pickle.integer(0);  // storage offset
    pickle.int_tuple(contiguous.shape);
    pickle.int_tuple(contiguous.strides);
    pickle.boolean(false);  // requires_grad
    pickle.global("collections", "OrderedDict");  // backward hooks
    pickle.empty_tuple();
    pickle.reduce();
    pickle.tuple_from_mark();
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
