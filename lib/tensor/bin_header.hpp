#pragma once
// The decoded header of a kernel dump (.bin): plain structs, whichever
// container the file uses. Numbers stay as the file has them: data_type is a
// CANN OutputDataType number (bin_data_type.hpp), format an OutputFormat
// number (ascend_format.hpp names them).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace msprobe::tensor {

struct BinOriginalOp {
    std::string name;
    std::uint32_t output_index = 0;
    std::int32_t data_type = 0;
    std::int32_t format = 0;
};

struct BinDimRange {
    std::uint64_t start = 0;
    std::uint64_t end = 0;
};

// One input or output slot.
struct BinTensorHeader {
    std::int32_t data_type = 0;
    std::int32_t format = 0;
    std::vector<std::int64_t> shape;           // device shape; empty for a 0-d tensor
    std::vector<std::int64_t> original_shape;  // the framework's shape
    std::int32_t sub_format = 0;               // FRACTAL_Z: the group count
    std::uint64_t address = 0;                 // device address, informational
    std::uint64_t offset = 0;
    std::uint64_t size = 0;                    // bytes of this tensor in the data section
    std::optional<BinOriginalOp> original_op;  // outputs only
    std::vector<BinDimRange> dim_range;        // outputs only
    std::int32_t address_type = 0;             // nano containers only
    std::optional<std::int32_t> nano_data_type;  // nano containers: the type as numbered there
};

// A buffer (type 0 = L1) or a workspace (type 0 = LOG): untyped bytes.
struct BinBlobHeader {
    std::int32_t type = 0;
    std::uint64_t size = 0;
};

struct BinAttr {
    std::string name;
    std::string value;
};

struct BinHeader {
    std::string version;
    std::uint64_t dump_time = 0;  // microseconds
    std::string op_name;          // the full node name
    std::vector<BinAttr> attrs;
    std::vector<BinTensorHeader> inputs;
    std::vector<BinTensorHeader> outputs;
    std::vector<BinBlobHeader> buffers;
    std::vector<BinBlobHeader> spaces;
};

// Shapes longer than this are refused as malformed headers.
inline constexpr std::size_t kMaxBinDims = 64;

// Tensor slots (inputs, outputs, buffers and workspaces together) one file may
// list. Real kernels have a few hundred at most; the widest, variadic ops
// (ConcatD, AddN, the foreach family, which the runtime launches per chunk of
// its lists), a few thousand. A header can list a slot in two bytes and each
// costs about a kilobyte once decoded, and `parse -d` writes a file per
// tensor: the bound keeps one file's bookkeeping near 20 MB and its outputs
// at 16384 files.
inline constexpr std::size_t kMaxBinTensors = 16384;
// Attributes one header may list: known headers carry a handful.
inline constexpr std::size_t kMaxBinAttrs = 16384;

// The reason a file listing `count` slots is refused (E_LIMIT).
std::string too_many_bin_tensors(std::uint64_t count);

// Decodes the DumpData message that follows a .bin file's length prefix.
// Throws msprobe::Error(file, "E_BAD_HEADER: ...") when the bytes are not
// one (a group among them, see dump_data_wire.hpp), or a shape has more than
// kMaxBinDims dims or a dim beyond int64; "E_LIMIT: ..." for more slots than
// kMaxBinTensors or attributes than kMaxBinAttrs, before anything is decoded.
BinHeader decode_bin_header(std::span<const std::byte> message, const std::string& file);

}  // namespace msprobe::tensor
