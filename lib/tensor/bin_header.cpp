#include "tensor/bin_header.hpp"

#include <limits>

#include "tensor/dump_data_message.hpp"
#include "tensor/dump_data_wire.hpp"
#include "tensor/read_error.hpp"

namespace msprobe::tensor {

namespace {

std::vector<std::int64_t> dims_of(const dumpdata::Shape& shape, const std::string& file, const std::string& what) {
    if (static_cast<std::size_t>(shape.dim_size()) > kMaxBinDims) {
        fail(file, ReadFailure::BadHeader,
             what + " has " + std::to_string(shape.dim_size()) + " dims (at most " + std::to_string(kMaxBinDims) + ")");
    }
    std::vector<std::int64_t> dims;
    for (const std::uint64_t dim : shape.dim()) {
        if (dim > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
            fail(file, ReadFailure::BadHeader, what + " has the dim " + std::to_string(dim) + ", beyond int64");
        }
        dims.push_back(static_cast<std::int64_t>(dim));
    }
    return dims;
}

// The fields OpInput and OpOutput share (under different field numbers).
template <class Slot>
BinTensorHeader common_fields(const Slot& slot, const std::string& file, const std::string& what) {
    BinTensorHeader tensor;
    tensor.data_type = slot.data_type();
    tensor.format = slot.format();
    tensor.shape = dims_of(slot.shape(), file, what + " shape");
    tensor.original_shape = dims_of(slot.original_shape(), file, what + " original_shape");
    tensor.sub_format = slot.sub_format();
    tensor.address = slot.address();
    tensor.offset = slot.offset();
    tensor.size = slot.size();
    return tensor;
}

template <class Blob>
BinBlobHeader blob_of(const Blob& blob, std::int32_t type) {
    return {type, blob.size()};
}

}  // namespace

std::string too_many_bin_tensors(std::uint64_t count) {
    return "the header lists " + std::to_string(count) + " tensors, buffers and workspaces (at most " +
           std::to_string(kMaxBinTensors) + " per file)";
}

std::optional<dumpdata::DumpData> parse_dump_data(std::span<const std::byte> bytes) {
    if (bytes.size() > static_cast<std::size_t>(std::numeric_limits<int>::max())) return std::nullopt;
    dumpdata::DumpData message;
    if (!message.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) return std::nullopt;
    return message;
}

BinHeader header_of(const dumpdata::DumpData& message, const std::string& file) {
    BinHeader header;
    header.version = message.version();
    header.dump_time = message.dump_time();
    header.op_name = message.op_name();
    for (const auto& attr : message.attr()) header.attrs.push_back({attr.name(), attr.value()});
    for (int i = 0; i < message.input_size(); ++i) {
        header.inputs.push_back(common_fields(message.input(i), file, "input " + std::to_string(i)));
    }
    for (int i = 0; i < message.output_size(); ++i) {
        const auto& output = message.output(i);
        auto tensor = common_fields(output, file, "output " + std::to_string(i));
        if (output.has_original_op()) {
            const auto& op = output.original_op();
            tensor.original_op = BinOriginalOp{op.name(), op.output_index(), op.data_type(), op.format()};
        }
        for (const auto& range : output.dim_range()) tensor.dim_range.push_back({range.dim_start(), range.dim_end()});
        header.outputs.push_back(std::move(tensor));
    }
    for (const auto& buffer : message.buffer()) header.buffers.push_back(blob_of(buffer, buffer.buffer_type()));
    for (const auto& space : message.space()) header.spaces.push_back(blob_of(space, space.type()));
    return header;
}

BinHeader decode_bin_header(std::span<const std::byte> message, const std::string& file) {
    if (const auto problem = dump_data_wire_problem(message)) fail(file, problem->failure, problem->reason);
    const auto parsed = parse_dump_data(message);
    if (!parsed) {
        fail(file, ReadFailure::BadHeader,
             "the " + std::to_string(message.size()) + "-byte header is not a DumpData protobuf message");
    }
    return header_of(*parsed, file);
}

}  // namespace msprobe::tensor
