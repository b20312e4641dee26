#pragma once
// Writers of CANN kernel dump (.bin) files for the project's own test data:
// the length-prefixed protobuf container (the DumpData message encoded by the
// protobuf runtime), the nano TLV container, the legacy whole-file message,
// and damaged variants of their bytes. Tensors take their bytes as stored:
// pack_int4 / pack_uint1 / bytes_of build them.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "support/element_bytes.hpp"

namespace msprobe::testing {

using Bytes = std::vector<std::byte>;

struct BinTensorSpec {
    std::int32_t data_type = 1;  // CANN OutputDataType number (1 = DT_FLOAT)
    std::int32_t format = 2;     // CANN OutputFormat number (2 = ND)
    std::vector<std::uint64_t> shape;                         // device shape; empty = 0-d
    std::optional<std::vector<std::uint64_t>> original_shape;  // default: `shape`
    Bytes bytes;                                              // the blob in the data section
    std::optional<std::uint64_t> size;                        // the declared size; default bytes.size()
    std::optional<std::int32_t> nano_data_type;               // nano numbering; default: derived from data_type
    std::string origin_name;                                  // outputs: original_op name (nano: tag 2)
};

inline BinTensorSpec tensor_spec(std::int32_t data_type, std::vector<std::uint64_t> shape, Bytes bytes = {},
                                 std::int32_t format = 2) {
    BinTensorSpec tensor;
    tensor.data_type = data_type;
    tensor.format = format;
    tensor.shape = std::move(shape);
    tensor.bytes = std::move(bytes);
    return tensor;
}

struct BinBlobSpec {
    std::int32_t type = 0;  // buffer: 0 = L1; workspace: 0 = LOG
    Bytes bytes;
};

struct BinDumpSpec {
    std::string version = "2.0";
    std::uint64_t dump_time = 0;
    std::string op_name;
    std::vector<std::pair<std::string, std::string>> attrs;
    std::vector<BinTensorSpec> inputs;
    std::vector<BinTensorSpec> outputs;
    std::vector<BinBlobSpec> buffers;
    std::vector<BinBlobSpec> spaces;
};

// uint64 H, the DumpData message, then inputs, outputs, buffers, workspaces.
Bytes encode_bin_dump(const BinDumpSpec& spec);
// uint64 L, magic, version 0, the TLV inputs and outputs sections, then their data.
Bytes encode_nano_bin_dump(const BinDumpSpec& spec);
// The DumpData message alone with every blob inline (older runtimes).
Bytes encode_legacy_bin_dump(const BinDumpSpec& spec);

// Damaged variants.
Bytes truncated(Bytes bytes, std::size_t dropped);                  // the last `dropped` bytes cut off
Bytes with_length_prefix(Bytes bytes, std::uint64_t header_length);  // the first 8 bytes replaced
Bytes with_trailing_bytes(Bytes bytes, std::size_t extra);           // `extra` 0xEE bytes appended

// Protobuf fields written by hand, for headers the runtime would not write.
Bytes varint_field(std::uint32_t number, std::uint64_t value);    // wire type 0
Bytes message_field(std::uint32_t number, const Bytes& message);  // wire type 2
Bytes group_field(std::uint32_t number, const Bytes& fields);     // wire type 3, `fields`, wire type 4
Bytes repeated(const Bytes& field, std::size_t times);            // `field` `times` times over
// `dump` (a protobuf container) with `fields` appended to its header, the length prefix grown to match.
Bytes with_header_fields(Bytes dump, const Bytes& fields);
// `count` uint8 outputs of shape (1,), output i holding the byte i mod 256.
BinDumpSpec one_byte_outputs(std::size_t count);

// Element bytes (bytes_of in element_bytes.hpp for whole-byte types).
Bytes bytes_of_codes(const std::vector<unsigned>& codes);  // one byte per code (8-bit floats, raw)
Bytes pack_int4(const std::vector<int>& values);            // element 2k in the low nibble of byte k
Bytes pack_uint1(const std::vector<int>& bits);             // most significant bit first

// Op-debug status records. New layout: magic, `version`, valid 1, `acc_type`, rsv 0, data_len, then
// `words`. Old layout: 2048 bytes whose AI Core block holds model 2, `stream_id`, `task_id` and the status
// words kernel_code 0x1f2e, block_idx 5, `status` (the atomic-add blocks all zero).
Bytes new_op_debug_record(std::uint32_t version, std::uint32_t acc_type, const std::vector<std::uint64_t>& words);
Bytes old_op_debug_record(std::uint64_t stream_id, std::uint64_t task_id, std::uint64_t status);
// An op-debug dump file: output 0 is `record`, as uint8 bytes.
Bytes encode_op_debug_dump(const Bytes& record);

void write_bytes(const std::filesystem::path& path, const Bytes& bytes);

}  // namespace msprobe::testing
