#pragma once
// msaccucmp's built-in format converters (format_manager/builtin_format_convert/
// convert_<FROM>_to_<TO>.py): from an NPU device layout to the layout of the
// golden tensor, with the shapes and element order NumPy gives, padding cut
// where the converter cuts it (NC1HWC0 keeps its padded channels: the caller
// crops them against the golden shape, as msaccucmp's slice_data does).
#include <optional>
#include <span>

#include "kernel_dump_compare/float_array.hpp"
#include "tensor/ascend_format.hpp"

namespace msprobe::kernel_dump_compare {

// Whether msaccucmp has a converter from `from` to `to` that this one runs.
bool has_converter(tensor::AscendFormat from, tensor::AscendFormat to);

// The converted array, or nullopt when no converter exists. `shape_from` is the
// device shape, `shape_to` the shape the golden side names. Throws
// msprobe::Error(what, ...) when the values do not fit the shapes (numpy's
// reshape error in msaccucmp).
std::optional<FloatArray> convert_format(tensor::AscendFormat from, tensor::AscendFormat to,
                                         std::span<const std::int64_t> shape_from,
                                         std::span<const std::int64_t> shape_to, std::vector<float> values,
                                         const std::string& what);

}  // namespace msprobe::kernel_dump_compare
