#pragma once
// Reads a CANN kernel dump (.bin; the files have no extension): its header and
// every input and output as a TensorView over the memory-mapped file, in the
// DEVICE layout (shape = the header's device shape, the values as stored;
// converting blocked formats such as NC1HWC0 to the logical layout is the
// caller's next step, see ascend_format.hpp).
//
//   const auto dump = read_bin_dump(path);           // throws msprobe::Error for a bad file
//   for (std::size_t i = 0; i < dump.outputs.size(); ++i) {
//       const BinTensorHeader& header = dump.header.outputs[i];   // format, original_shape, ...
//       const TensorView values = dump.outputs[i].view();         // throws this tensor's error
//   }
//
// A problem with one tensor (an element type without decoding, a blob shorter
// than its shape) does not fail the file: that tensor carries the error and
// the others are read.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "tensor/bin_container.hpp"
#include "tensor/bin_dump_name.hpp"
#include "tensor/bin_header.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe::tensor {

struct BinTensor {
    std::span<const std::byte> blob;  // the bytes the data section holds for it
    // Set unless `error` is. Elements that need no widening stay where they
    // lie in the mapped file, so they may be misaligned for their type (the
    // data section starts wherever the header ends): only code that moves
    // bytes (layout conversion, writers) reads them directly.
    std::optional<TensorView> values;
    std::optional<Error> error;  // E_UNSUPPORTED_DTYPE, E_SIZE_MISMATCH, E_SHAPE_MISMATCH, E_BAD_NAME

    // The values aligned for their type (a copy when `values` is not), or
    // throws this tensor's error.
    TensorView view() const;
    // `values`, or throws this tensor's error.
    const TensorView& stored_view() const;
};

struct BinDump {
    std::string file;
    std::string name;                     // the file name, resolved through mapping.csv
    std::optional<BinDumpName> parsed_name;  // nullopt when `name` is outside the grammar
    BinContainerKind container = BinContainerKind::Protobuf;
    BinHeader header;
    std::vector<BinTensor> inputs;   // one per header.inputs
    std::vector<BinTensor> outputs;  // one per header.outputs
    std::vector<std::span<const std::byte>> buffers;  // one per header.buffers
    std::vector<std::span<const std::byte>> spaces;   // one per header.spaces
    std::shared_ptr<const void> owner;                // keeps the blobs alive
    // Bytes of the copies made while reading (widened element types): at most
    // kMaxWidening times the file, since the blobs do not overlap.
    std::uint64_t decoded_bytes = 0;
    std::vector<std::string> warnings;  // accepted oddities: trailing bytes, a name outside the grammar, ...
};

struct BinReadOptions {
    bool legacy_layout = false;         // also read the whole-file-message layout of older runtimes
    DumpNameResolver* names = nullptr;  // shared by the reads of one listing; null: this file's own lookup
};

// Throws msprobe::Error(file, "<E_CODE>: reason") when the file as a whole
// cannot be read (see bin_container.hpp; E_LIMIT for more tensor slots than
// kMaxBinTensors, see bin_header.hpp). A nano container's op name and
// dump time come from its file name. An FFTS+ auto-split slice (thread id
// from the file name) gets its slice's shape instead of the header's.
BinDump read_bin_dump(const std::filesystem::path& file, const BinReadOptions& options = {});

// The same for bytes already in memory named `file` (its name still matters).
BinDump read_bin_dump(std::span<const std::byte> bytes, std::shared_ptr<const void> owner,
                      const std::filesystem::path& file, const BinReadOptions& options = {});

}  // namespace msprobe::tensor
