#include "tensor/layout_conversion.hpp"

#include <algorithm>

#include "common/error.hpp"
#include "tensor/layout_plan.hpp"
#include "tensor/strided.hpp"

namespace msprobe::tensor {
namespace {

// The axis letters of a plain layout with named axes; empty for ND and for
// layouts whose letters are not axes (MD, RESERVED, ...).
std::string_view named_axes(AscendFormat format) {
    using enum AscendFormat;
    switch (format) {
        case NCHW: return "NCHW";
        case NHWC: return "NHWC";
        case HWCN: return "HWCN";
        case CHWN: return "CHWN";
        case NCDHW: return "NCDHW";
        case NDHWC: return "NDHWC";
        case DHWCN: return "DHWCN";
        case DHWNC: return "DHWNC";
        case NC: return "NC";
        case CN: return "CN";
        case NCL: return "NCL";
        default: return {};
    }
}

}  // namespace

AscendFormat logical_format(AscendFormat format, std::size_t device_rank) {
    switch (format) {
        case AscendFormat::NC1HWC0:
        case AscendFormat::NC1HWC0_C04:
        case AscendFormat::FRACTAL_Z:
        case AscendFormat::C1HWNCoC0: return AscendFormat::NCHW;
        case AscendFormat::NDC1HWC0:
        case AscendFormat::FRACTAL_Z_3D: return AscendFormat::NCDHW;
        case AscendFormat::NHWC:
        case AscendFormat::HWCN: return device_rank == 4 ? AscendFormat::NCHW : AscendFormat::ND;
        default: break;
    }
    const auto axes = named_axes(format);
    return !axes.empty() && axes.size() == device_rank ? format : AscendFormat::ND;
}

TensorView to_logical_layout(const TensorView& device, AscendFormat format,
                             std::span<const std::int64_t> original_shape, const std::string& what,
                             std::int32_t sub_format, ThreadPool* pool) {
    const auto kind = layout_kind(format);
    if (kind == LayoutKind::Plain || (kind == LayoutKind::Transposed && device.shape.size() != 4)) {
        return to_contiguous(device);
    }
    const auto plan = plan_logical_layout(device.shape, format, original_shape, what, sub_format);
    return run_layout_plan(to_contiguous(device), plan, CopyEngine::Fast, pool);
}

TensorView to_target_layout(const TensorView& logical, AscendFormat from, AscendFormat target,
                            const std::string& what, ThreadPool* pool) {
    const auto target_axes = named_axes(target);
    if (target != AscendFormat::ND && target_axes.empty()) {
        throw Error(what, "cannot convert to " + format_label(target) +
                              ": the targets are ND and the plain layouts NCHW, NHWC, HWCN, CHWN, NCDHW, NDHWC, "
                              "DHWCN, DHWNC, NC, CN, NCL");
    }
    const auto from_axes = named_axes(from);
    // ND has no named axes to move: its values stay as they are.
    if (from == target || target == AscendFormat::ND || from_axes.empty()) return logical;
    if (from_axes.size() != target_axes.size() || logical.shape.size() != from_axes.size() ||
        !std::is_permutation(from_axes.begin(), from_axes.end(), target_axes.begin())) {
        throw Error(what, "a " + format_label(from) + " tensor of shape rank " + std::to_string(logical.shape.size()) +
                              " cannot be converted to " + format_label(target) + " (other axes)");
    }
    std::vector<std::size_t> order;
    for (const char axis : target_axes) order.push_back(from_axes.find(axis));
    const auto dense = to_contiguous(logical);
    return run_layout_plan(dense, plan_transpose(dense.shape, order), CopyEngine::Fast, pool);
}

}  // namespace msprobe::tensor
