#include "tensor/nano_container.hpp"

#include <limits>

#include "tensor/bin_data_type.hpp"
#include "tensor/little_endian.hpp"
#include "tensor/read_error.hpp"

namespace msprobe::tensor {

namespace {

constexpr std::uint32_t kInputsTag = 4;
constexpr std::uint32_t kOutputsTag = 5;

// Reads fields in order; running past the end is a malformed header.
class Cursor {
public:
    Cursor(std::span<const std::byte> bytes, const std::string& file) : bytes_(bytes), file_(file) {}

    template <class Integer>
    Integer next() {
        need(sizeof(Integer));
        const auto value = load_little_endian<Integer>(bytes_, at_);
        at_ += sizeof(Integer);
        return value;
    }
    std::span<const std::byte> take(std::uint64_t size) {
        need(size);
        const auto part = bytes_.subspan(at_, size);
        at_ += size;
        return part;
    }
    template <class Integer>
    std::optional<Integer> peek() const {
        if (bytes_.size() - at_ < sizeof(Integer)) return std::nullopt;
        return load_little_endian<Integer>(bytes_, at_);
    }
    bool done() const { return at_ == bytes_.size(); }

private:
    void need(std::uint64_t size) const {
        if (size > bytes_.size() - at_) {
            fail(file_, ReadFailure::BadHeader,
                 "the nano header ends inside a record (offset " + std::to_string(at_) + ", " + std::to_string(size) +
                     " more bytes needed)");
        }
    }

    std::span<const std::byte> bytes_;
    const std::string& file_;
    std::size_t at_ = 0;
};

std::vector<std::int64_t> dims_of(std::span<const std::byte> list, const std::string& file) {
    if (list.size() % 8 != 0 || list.size() / 8 > kMaxBinDims) {
        fail(file, ReadFailure::BadHeader, "a nano shape entry of " + std::to_string(list.size()) + " bytes");
    }
    std::vector<std::int64_t> dims;
    for (std::size_t at = 0; at < list.size(); at += 8) {
        const auto dim = load_little_endian<std::uint64_t>(list, at);
        if (dim > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
            fail(file, ReadFailure::BadHeader, "a nano shape has the dim " + std::to_string(dim) + ", beyond int64");
        }
        dims.push_back(static_cast<std::int64_t>(dim));
    }
    return dims;
}

void read_attributes(Cursor& record, BinTensorHeader& tensor, const std::string& file) {
    Cursor list(record.take(record.next<std::uint32_t>()), file);
    while (!list.done()) {
        const auto tag = list.next<std::uint32_t>();
        const auto value = list.take(list.next<std::uint32_t>());
        if (tag == 0) tensor.shape = dims_of(value, file);
        if (tag == 1) tensor.original_shape = dims_of(value, file);
        if (tag == 2 && tensor.original_op) {
            tensor.original_op->name.assign(reinterpret_cast<const char*>(value.data()), value.size());
        }
    }
}

// Unmapped nano types keep data_type -1, which no decoding accepts.
std::int32_t mapped_type(std::int32_t nano) { return data_type_of_nano(nano).value_or(-1); }

BinTensorHeader read_record(Cursor& section, bool output, const std::string& file) {
    BinTensorHeader tensor;
    const auto nano_type = section.next<std::int32_t>();
    tensor.nano_data_type = nano_type;
    tensor.data_type = mapped_type(nano_type);
    tensor.format = section.next<std::int32_t>();
    tensor.address_type = section.next<std::int32_t>();
    if (output) {
        BinOriginalOp op;
        op.output_index = static_cast<std::uint32_t>(section.next<std::int32_t>());
        op.data_type = mapped_type(section.next<std::int32_t>());
        op.format = section.next<std::int32_t>();
        tensor.original_op = op;
    }
    tensor.address = section.next<std::uint64_t>();
    tensor.offset = section.next<std::uint64_t>();
    tensor.size = section.next<std::uint64_t>();
    read_attributes(section, tensor, file);
    return tensor;
}

// `listed`: the tensors of the sections before this one.
std::vector<BinTensorHeader> read_section(Cursor& header, std::uint32_t tag, std::size_t listed,
                                          const std::string& file) {
    std::vector<BinTensorHeader> tensors;
    if (header.peek<std::uint32_t>() != tag) return tensors;
    header.next<std::uint32_t>();
    Cursor section(header.take(header.next<std::uint32_t>()), file);
    const auto count = section.next<std::uint32_t>();
    if (listed + count > kMaxBinTensors)
        fail(file, ReadFailure::Limit, too_many_bin_tensors(listed + std::size_t{count}));
    for (std::uint32_t i = 0; i < count; ++i) tensors.push_back(read_record(section, tag == kOutputsTag, file));
    if (!section.done()) fail(file, ReadFailure::BadHeader, "a nano section is longer than its records");
    return tensors;
}

}  // namespace

BinHeader decode_nano_header(std::span<const std::byte> tlv, const std::string& file) {
    Cursor cursor(tlv, file);
    BinHeader header;
    header.inputs = read_section(cursor, kInputsTag, 0, file);
    header.outputs = read_section(cursor, kOutputsTag, header.inputs.size(), file);
    if (!cursor.done()) fail(file, ReadFailure::BadHeader, "the nano header has bytes after its sections");
    return header;
}

}  // namespace msprobe::tensor
