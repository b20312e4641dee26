#include "tensor/bin_dump_reader.hpp"

#include "tensor/bin_data_type.hpp"
#include "tensor/checked_math.hpp"
#include "tensor/ffts_slice.hpp"
#include "tensor/mapped_file.hpp"
#include "tensor/read_error.hpp"
#include "tensor/stored_type.hpp"
#include "tensor/strided.hpp"

namespace msprobe::tensor {

namespace {

// A tensor that cannot be read, with the reason, as the file's error would read.
struct TensorProblem {
    ReadFailure failure;
    std::string reason;
};

std::string shape_text(const std::vector<std::int64_t>& shape) {
    std::string text = "(";
    for (std::size_t i = 0; i < shape.size(); ++i) text += (i == 0 ? "" : ", ") + std::to_string(shape[i]);
    return text + (shape.size() == 1 ? ",)" : ")");
}

// The values of one tensor: `shape` elements of its type from the blob's leading bytes.
TensorView decode_tensor(const BinTensorHeader& header, const std::vector<std::int64_t>& shape,
                         std::span<const std::byte> blob, const std::shared_ptr<const void>& owner) {
    const auto stored = bin_stored_type(header.data_type);
    if (!stored) {
        const bool unmapped = header.nano_data_type && header.data_type < 0;
        throw TensorProblem{ReadFailure::UnsupportedDtype,
                            unmapped ? "nano data type " + std::to_string(*header.nano_data_type) +
                                           " has no kernel-dump equivalent"
                                     : unsupported_reason(header.data_type)};
    }
    for (const auto dim : shape) {
        if (dim < 0) throw TensorProblem{ReadFailure::ShapeMismatch, "negative dim in shape " + shape_text(shape)};
    }
    const auto count = element_count(shape);
    const auto needed = count ? stored->stored_bytes(*count) : std::nullopt;
    if (!needed) throw TensorProblem{ReadFailure::SizeMismatch, "shape " + shape_text(shape) + " is too large"};
    if (static_cast<std::uint64_t>(*needed) > blob.size()) {
        throw TensorProblem{ReadFailure::SizeMismatch,
                            "shape " + shape_text(shape) + " of " + bin_data_type_name(header.data_type) + " needs " +
                                std::to_string(*needed) + " bytes, the data section holds " +
                                std::to_string(blob.size())};
    }
    const auto bytes = blob.first(static_cast<std::size_t>(*needed));
    // Native little-endian elements are used in place, aligned or not (view() aligns them on request).
    const auto host = stored->encoding == Encoding::Native ? HostElements{bytes.data(), owner}
                                                           : to_host_elements(bytes, *stored, ByteOrder::Little, owner);
    TensorView view;
    view.dtype = stored->dtype;
    view.shape = shape;
    view.strides = row_major_strides(shape);
    view.data = host.data;
    view.owner = host.owner;
    return view;
}

// The shape a tensor's values have in this file: its slice's for an FFTS+
// auto-split thread, else the device shape.
std::vector<std::int64_t> tensor_shape(const BinTensorHeader& header, const SliceShapes* slices, std::size_t index,
                                       std::size_t tensor_count, const std::optional<std::uint64_t>& thread) {
    if (slices == nullptr) return header.shape;
    if (!thread) {
        throw TensorProblem{ReadFailure::BadName,
                            "an FFTS+ auto-split slice needs the thread id of an extended file name"};
    }
    if (*thread >= slices->size() || (*slices)[*thread].size() != tensor_count) {
        throw TensorProblem{ReadFailure::ShapeMismatch,
                            "the FFTS+ slice list has no shape for each of the " + std::to_string(tensor_count) +
                                " tensors of thread " + std::to_string(*thread)};
    }
    return (*slices)[*thread][index];
}

std::vector<BinTensor> decode_tensors(const std::vector<BinTensorHeader>& headers,
                                      const std::vector<std::span<const std::byte>>& blobs, const char* role,
                                      const SliceShapes* slices, const std::optional<std::uint64_t>& thread,
                                      const std::shared_ptr<const void>& owner, const std::string& file,
                                      std::uint64_t& decoded_bytes) {
    std::vector<BinTensor> tensors;
    tensors.reserve(headers.size());
    for (std::size_t i = 0; i < headers.size(); ++i) {
        BinTensor tensor;
        tensor.blob = blobs[i];
        try {
            const auto shape = tensor_shape(headers[i], slices, i, headers.size(), thread);
            tensor.values = decode_tensor(headers[i], shape, blobs[i], owner);
            if (tensor.values->data != blobs[i].data()) {
                decoded_bytes += static_cast<std::uint64_t>(tensor.values->numel()) * dtype_size(tensor.values->dtype);
            }
        } catch (const TensorProblem& problem) {
            const std::string what = std::string(role) + " " + std::to_string(i) + ": ";
            tensor.error = Error(file, std::string(failure_code(problem.failure)) + ": " + what + problem.reason);
        }
        tensors.push_back(std::move(tensor));
    }
    return tensors;
}

}  // namespace

const TensorView& BinTensor::stored_view() const {
    if (error) throw *error;
    return *values;
}

TensorView BinTensor::view() const {
    const TensorView& stored = stored_view();
    TensorView aligned = stored;
    const auto bytes =
        std::span<const std::byte>(stored.data, static_cast<std::size_t>(stored.numel()) * dtype_size(stored.dtype));
    const auto host =
        to_host_elements(bytes, StoredType{stored.dtype, Encoding::Native}, ByteOrder::Little, stored.owner);
    aligned.data = host.data;
    aligned.owner = host.owner;
    return aligned;
}

BinDump read_bin_dump(std::span<const std::byte> bytes, std::shared_ptr<const void> owner,
                      const std::filesystem::path& path, const BinReadOptions& options) {
    BinDump dump;
    dump.file = path.string();
    dump.name = options.names ? options.names->resolved(path, dump.warnings) : resolved_dump_name(path, dump.warnings);
    try {
        dump.parsed_name = parse_bin_dump_name(dump.name);
    } catch (const Error& error) {
        dump.warnings.push_back(error.reason());
    }
    auto container = split_bin_container(bytes, std::move(owner), dump.file, {options.legacy_layout});
    dump.container = container.kind;
    dump.header = std::move(container.header);
    dump.owner = container.owner;
    if (container.trailing_bytes > 0) {
        dump.warnings.push_back(std::to_string(container.trailing_bytes) + " bytes after the data section are ignored");
    }
    if (dump.container == BinContainerKind::Nano && dump.parsed_name) {
        dump.header.op_name = dump.parsed_name->op_name;
        dump.header.dump_time = dump.parsed_name->timestamp;
    }
    const auto ffts = ffts_auto_split(dump.header.attrs);
    std::optional<std::uint64_t> thread;
    if (dump.parsed_name && dump.parsed_name->extended) thread = dump.parsed_name->extended->thread_id;
    dump.inputs =
        decode_tensors(dump.header.inputs, container.blobs.inputs, "input", ffts ? &ffts->input_slices : nullptr,
                       thread, dump.owner, dump.file, dump.decoded_bytes);
    dump.outputs = decode_tensors(dump.header.outputs, container.blobs.outputs, "output",
                                  ffts ? &ffts->output_slices : nullptr, thread, dump.owner, dump.file,
                                  dump.decoded_bytes);
    if (dump.decoded_bytes > kMaxWidening * static_cast<std::uint64_t>(bytes.size())) {
        // Only overlapping blobs could get here: the container cuts them apart.
        fail(dump.file, ReadFailure::Limit,
             "decodes to " + std::to_string(dump.decoded_bytes) + " bytes, more than " + std::to_string(kMaxWidening) +
                 " times its " + std::to_string(bytes.size()) + " bytes");
    }
    dump.buffers = std::move(container.blobs.buffers);
    dump.spaces = std::move(container.blobs.spaces);
    return dump;
}

BinDump read_bin_dump(const std::filesystem::path& file, const BinReadOptions& options) {
    const auto mapped = MappedFile::open(file);
    return read_bin_dump(mapped->bytes(), mapped, file, options);
}

}  // namespace msprobe::tensor
