#include "tensor/bin_tensor_layout.hpp"

#include "tensor/ascend_format.hpp"
#include "tensor/layout_conversion.hpp"

namespace msprobe::tensor {

TensorView logical_values(const BinTensor& tensor, const BinTensorHeader& header, const std::string& what,
                          ThreadPool* pool) {
    const auto format = static_cast<AscendFormat>(header.format);
    const LayoutKind kind = layout_kind(format);
    const bool copies = kind == LayoutKind::Blocked || kind == LayoutKind::Transposed;
    const TensorView device = copies ? tensor.stored_view() : tensor.view();
    TensorView logical = to_logical_layout(device, format, header.original_shape, what, header.sub_format, pool);
    // A conversion that had nothing to move hands back the bytes in place: those must be aligned.
    if (copies && logical.data == device.data) return tensor.view();
    return logical;
}

}  // namespace msprobe::tensor
