#include "tensor/ascend_format.hpp"

#include <algorithm>
#include <array>

#include "common/error.hpp"

namespace msprobe::tensor {
namespace {

struct FormatEntry {
    AscendFormat format;
    std::string_view enum_name;
    std::string_view file_name;  // empty: msprobe has no spelling for it
    LayoutKind kind;
};

using enum LayoutKind;
using F = AscendFormat;

constexpr std::array kFormats{
    FormatEntry{F::NCHW, "NCHW", "NCHW", Plain},
    FormatEntry{F::NHWC, "NHWC", "NHWC", Transposed},
    FormatEntry{F::ND, "ND", "ND", Plain},
    FormatEntry{F::NC1HWC0, "NC1HWC0", "NC1HWC0", Blocked},
    FormatEntry{F::FRACTAL_Z, "FRACTAL_Z", "FRACTAL_Z", Blocked},
    FormatEntry{F::NC1C0HWPAD, "NC1C0HWPAD", "NC1C0HWPAD", Unconvertible},
    FormatEntry{F::NHWC1C0, "NHWC1C0", "NHWC1C0", Unconvertible},
    FormatEntry{F::FSR_NCHW, "FSR_NCHW", "FSR_NCHW", Unconvertible},
    FormatEntry{F::FRACTAL_DECONV, "FRACTAL_DECONV", "FRACTAL_DECONV", Unconvertible},
    FormatEntry{F::C1HWNC0, "C1HWNC0", "C1HWNC0", Unconvertible},
    FormatEntry{F::FRACTAL_DECONV_TRANSPOSE, "FRACTAL_DECONV_TRANSPOSE", "FRACTAL_DECONV_TRANSPOSE", Unconvertible},
    FormatEntry{F::FRACTAL_DECONV_SP_STRIDE_TRANS, "FRACTAL_DECONV_SP_STRIDE_TRANS", "FRACTAL_DECONV_SP_STRIDE_TRANS",
                Unconvertible},
    FormatEntry{F::NC1HWC0_C04, "NC1HWC0_C04", "NC1HWC0_C04", Blocked},
    FormatEntry{F::FRACTAL_Z_C04, "FRACTAL_Z_C04", "FRACTAL_Z_C04", Unconvertible},
    FormatEntry{F::CHWN, "CHWN", "CHWN", Plain},
    FormatEntry{F::FRACTAL_DECONV_SP_STRIDE8_TRANS, "FRACTAL_DECONV_SP_STRIDE8_TRANS", "DECONV_SP_STRIDE8_TRANS",
                Unconvertible},
    FormatEntry{F::HWCN, "HWCN", "HWCN", Transposed},
    FormatEntry{F::NC1KHKWHWC0, "NC1KHKWHWC0", "NC1KHKWHWC0", Unconvertible},
    FormatEntry{F::BN_WEIGHT, "BN_WEIGHT", "BN_WEIGHT", Plain},
    FormatEntry{F::FILTER_HWCK, "FILTER_HWCK", "FILTER_HWCK", Plain},
    FormatEntry{F::HASHTABLE_LOOKUP_LOOKUPS, "HASHTABLE_LOOKUP_LOOKUPS", "LOOKUP_LOOKUPS", Plain},
    FormatEntry{F::HASHTABLE_LOOKUP_KEYS, "HASHTABLE_LOOKUP_KEYS", "LOOKUP_KEYS", Plain},
    FormatEntry{F::HASHTABLE_LOOKUP_VALUE, "HASHTABLE_LOOKUP_VALUE", "LOOKUP_VALUE", Plain},
    FormatEntry{F::HASHTABLE_LOOKUP_OUTPUT, "HASHTABLE_LOOKUP_OUTPUT", "LOOKUP_OUTPUT", Plain},
    FormatEntry{F::HASHTABLE_LOOKUP_HITS, "HASHTABLE_LOOKUP_HITS", "LOOKUP_HITS", Plain},
    FormatEntry{F::C1HWNCoC0, "C1HWNCoC0", "C1HWNCoC0", Blocked},
    FormatEntry{F::MD, "MD", "MD", Plain},
    FormatEntry{F::NDHWC, "NDHWC", "NDHWC", Plain},
    FormatEntry{F::FRACTAL_ZZ, "FRACTAL_ZZ", "", Unconvertible},
    FormatEntry{F::FRACTAL_NZ, "FRACTAL_NZ", "FRACTAL_NZ", Blocked},
    FormatEntry{F::NCDHW, "NCDHW", "NCDHW", Plain},
    FormatEntry{F::DHWCN, "DHWCN", "DHWCN", Plain},
    FormatEntry{F::NDC1HWC0, "NDC1HWC0", "NDC1HWC0", Blocked},
    FormatEntry{F::FRACTAL_Z_3D, "FRACTAL_Z_3D", "FRACTAL_Z_3D", Blocked},
    FormatEntry{F::CN, "CN", "CN", Plain},
    FormatEntry{F::NC, "NC", "", Plain},
    FormatEntry{F::DHWNC, "DHWNC", "DHWNC", Plain},
    FormatEntry{F::FRACTAL_Z_3D_TRANSPOSE, "FRACTAL_Z_3D_TRANSPOSE", "FRACTAL_Z_3D_TRANSPOSE", Unconvertible},
    FormatEntry{F::FRACTAL_ZN_LSTM, "FRACTAL_ZN_LSTM", "FRACTAL_ZN_LSTM", Unconvertible},
    FormatEntry{F::FRACTAL_Z_G, "FRACTAL_Z_G", "FRACTAL_Z_G", Unconvertible},
    FormatEntry{F::RESERVED, "RESERVED", "RESERVED", Plain},
    FormatEntry{F::ALL, "ALL", "ALL", Plain},
    FormatEntry{F::NULL_FORMAT, "NULL", "NULL", Plain},
    FormatEntry{F::ND_RNN_BIAS, "ND_RNN_BIAS", "ND_RNN_BIAS", Unconvertible},
    FormatEntry{F::FRACTAL_ZN_RNN, "FRACTAL_ZN_RNN", "FRACTAL_ZN_RNN", Unconvertible},
    FormatEntry{F::YUV, "YUV", "YUV", Unconvertible},
    FormatEntry{F::YUV_A, "YUV_A", "YUV_A", Unconvertible},
    FormatEntry{F::NCL, "NCL", "", Plain},
    FormatEntry{F::FRACTAL_Z_WINO, "FRACTAL_Z_WINO", "", Unconvertible},
    FormatEntry{F::C1HWC0, "C1HWC0", "", Unconvertible},
    FormatEntry{F::MAX, "MAX", "MAX", Plain},
};

const FormatEntry* find_entry(AscendFormat format) {
    const auto* it = std::find_if(kFormats.begin(), kFormats.end(), [&](const auto& e) { return e.format == format; });
    return it == kFormats.end() ? nullptr : it;
}

}  // namespace

bool is_known_format(AscendFormat format) { return find_entry(format) != nullptr; }

std::optional<std::string_view> format_file_name(AscendFormat format) {
    const auto* entry = find_entry(format);
    if (entry == nullptr || entry->file_name.empty()) return std::nullopt;
    return entry->file_name;
}

std::string format_label(AscendFormat format) {
    if (const auto name = format_file_name(format)) return std::string(*name);
    if (const auto* entry = find_entry(format)) return std::string(entry->enum_name);
    return "format " + std::to_string(static_cast<std::int32_t>(format));
}

AscendFormat parse_format(std::string_view text, const std::string& what) {
    for (const auto& entry : kFormats) {
        if ((!entry.file_name.empty() && text == entry.file_name) || text == entry.enum_name) return entry.format;
    }
    throw Error(what, "unknown format '" + std::string(text) + "' (expected a name such as ND, NCHW, NHWC, HWCN, "
                      "NCDHW, NC1HWC0 or FRACTAL_NZ)");
}

LayoutKind layout_kind(AscendFormat format) {
    const auto* entry = find_entry(format);
    return entry == nullptr ? Unconvertible : entry->kind;
}

bool is_device_format(AscendFormat format) {
    const auto kind = layout_kind(format);
    return kind == Blocked || kind == Unconvertible;
}

}  // namespace msprobe::tensor
