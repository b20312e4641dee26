#pragma once
// How msaccucmp lines an NPU tensor up with its golden tensor before the
// metrics (conversion/tensor_conversion.py): the device layout converted to
// the golden's format by format_converters, the padding cropped against the
// golden shape (slice_data), both flattened to float32.
#include <cstdint>
#include <string>
#include <vector>

#include "kernel_dump_compare/dump_tensor.hpp"
#include "kernel_dump_compare/float_array.hpp"

namespace msprobe::kernel_dump_compare {

// NPU vs NPU without rules (ConvertSingleTensorFormat): the values of one
// tensor in the layout its original shape implies (NCHW for 4 dims, ND for 2
// or 3), as stored when msaccucmp has no converter or the conversion fails.
Float32Values restored_values(const DumpTensor& tensor, const std::string& what);

struct GoldenSide {
    const DumpTensor* tensor = nullptr;
    std::string format;               // the rule's origin format ("" when it names none)
    std::vector<std::int64_t> shape;  // the rule's origin shape, or the NPU tensor's original shape
};

struct AlignedPair {
    Float32Values mine, golden;       // flattened, same length
    std::vector<std::int64_t> shape;  // the NPU array's shape after conversion (the Shape cell)
    bool both_bool = false;
};

// TensorConversion.get_my_output_and_ground_truth_data. `quant_vs_origin`:
// a quantized golden model's .npy against the original one (no conversion,
// equal shapes). Throws CompareFailure with msaccucmp's message.
AlignedPair align_with_golden(const DumpTensor& mine, GoldenSide golden, bool quant_vs_origin,
                              const std::string& op_name);

// "(2, 3)": msaccucmp's shape text (utils.convert_shape_to_string).
std::string shape_text(const std::vector<std::int64_t>& shape);

}  // namespace msprobe::kernel_dump_compare
