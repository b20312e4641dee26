#pragma once
// The tensors of one dump file as msaccucmp holds them: an NPU kernel dump
// (.bin) with every input and output in its device layout, or a golden .npy
// file as one output. Values stay in the order the file stores them; the
// layout steps are tensor_alignment's.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tensor/ascend_format.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe::kernel_dump_compare {

struct DumpTensor {
    std::vector<std::int64_t> shape;           // device shape (.bin header) or the array's shape (.npy)
    std::vector<std::int64_t> original_shape;  // the framework's shape (.bin); empty when none
    tensor::AscendFormat format = tensor::AscendFormat::ND;
    std::int32_t sub_format = 0;
    std::optional<std::int32_t> data_type;  // CANN's number (.bin only)
    std::string address;                    // the Address cell
    tensor::TensorView values;              // in stored order, shaped as `shape` (read lazily by the caller)
    std::optional<std::string> error;       // why the values cannot be read
    bool is_bool() const { return !error && values.dtype == tensor::DType::Bool; }
};

struct DumpFileTensors {
    std::filesystem::path path;
    std::string op_name;  // the header's op name (.bin)
    bool has_attributes = false;
    std::string first_attribute;  // the header's first attribute value (FFTS+: its JSON description)
    std::vector<DumpTensor> inputs;
    std::vector<DumpTensor> outputs;
    std::shared_ptr<const void> owner;  // the mapped file the values lie in
};

// How dump files are read and what a file that cannot be read does.
struct ReadPolicy {
    // A dump file that cannot be read stops the run (msprobe::Error naming it) instead of becoming a row's reason.
    bool refuse_damaged_dumps = true;
    // float8_e4m3fn decoded by msaccucmp's dtype_conversion.float8e4m3fn_to_float32, which has no NaN: the
    // codes 0x7F and 0xFF read as 480 and -480 instead of NaN.
    bool float8_without_nan = false;
};

// Reads a kernel dump. Throws msprobe::Error naming the file when it cannot be read as a whole.
DumpFileTensors read_kernel_dump(const std::filesystem::path& file, const ReadPolicy& policy = {});

// Reads a golden .npy file as a dump with one output. Throws msprobe::Error naming the file.
DumpFileTensors read_golden_npy(const std::filesystem::path& file);

// The DataType cell of an NPU vs NPU row: msaccucmp's name of a CANN data type
// (ConstManager.DATA_TYPE_TO_STR_DTYPE_MAP), "NaN" for one it does not name.
std::string data_type_cell(std::int32_t data_type);

// The NumPy dtype of a tensor after msaccucmp reads it (bfloat16 and float8 as
// float32, uint1 bits as uint8), for rows that name the compared array's dtype.
std::string array_dtype_name(const DumpTensor& tensor);

}  // namespace msprobe::kernel_dump_compare
