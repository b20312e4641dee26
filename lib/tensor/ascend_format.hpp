#pragma once
// The format enum of CANN kernel dump headers (`OutputFormat`): how the bytes
// of a tensor are laid out on the device. A header's raw int32 casts to
// AscendFormat as is; values the enum does not name stay representable and
// are "unknown".
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace msprobe::tensor {

enum class AscendFormat : std::int32_t {
    NCHW = 0,
    NHWC = 1,
    ND = 2,
    NC1HWC0 = 3,
    FRACTAL_Z = 4,
    NC1C0HWPAD = 5,
    NHWC1C0 = 6,
    FSR_NCHW = 7,
    FRACTAL_DECONV = 8,
    C1HWNC0 = 9,
    FRACTAL_DECONV_TRANSPOSE = 10,
    FRACTAL_DECONV_SP_STRIDE_TRANS = 11,
    NC1HWC0_C04 = 12,
    FRACTAL_Z_C04 = 13,
    CHWN = 14,
    FRACTAL_DECONV_SP_STRIDE8_TRANS = 15,
    HWCN = 16,
    NC1KHKWHWC0 = 17,
    BN_WEIGHT = 18,
    FILTER_HWCK = 19,
    HASHTABLE_LOOKUP_LOOKUPS = 20,
    HASHTABLE_LOOKUP_KEYS = 21,
    HASHTABLE_LOOKUP_VALUE = 22,
    HASHTABLE_LOOKUP_OUTPUT = 23,
    HASHTABLE_LOOKUP_HITS = 24,
    C1HWNCoC0 = 25,
    MD = 26,
    NDHWC = 27,
    FRACTAL_ZZ = 28,
    FRACTAL_NZ = 29,
    NCDHW = 30,
    DHWCN = 31,
    NDC1HWC0 = 32,
    FRACTAL_Z_3D = 33,
    CN = 34,
    NC = 35,
    DHWNC = 36,
    FRACTAL_Z_3D_TRANSPOSE = 37,
    FRACTAL_ZN_LSTM = 38,
    FRACTAL_Z_G = 39,
    RESERVED = 40,
    ALL = 41,
    NULL_FORMAT = 42,  // the header's NULL (a macro name in C++)
    ND_RNN_BIAS = 43,
    FRACTAL_ZN_RNN = 44,
    YUV = 45,
    YUV_A = 46,
    NCL = 47,
    FRACTAL_Z_WINO = 48,
    C1HWC0 = 49,
    MAX = 255,
};

// Whether the enum names this value (a raw header value may be anything).
bool is_known_format(AscendFormat format);

// The spelling in converted file names and in `-f` arguments ("NC1HWC0",
// "DECONV_SP_STRIDE8_TRANS", "LOOKUP_KEYS"); none for the formats msprobe never
// spells (FRACTAL_ZZ, NC, NCL, FRACTAL_Z_WINO, C1HWC0) and for unknown values.
std::optional<std::string_view> format_file_name(AscendFormat format);

// For messages: the file-name spelling, else the enum name, else "format 77".
std::string format_label(AscendFormat format);

// A format from its file-name spelling or its enum name (case as written).
// Anything else throws msprobe::Error(what, "unknown format 'X' ...").
AscendFormat parse_format(std::string_view text, const std::string& what);

// What a reader has to do with a tensor of this format to see its logical
// values.
enum class LayoutKind : std::uint8_t {
    Plain,          // row-major in the original order (ND, NCHW, NCDHW, CN, ...)
    Transposed,     // a plain order that converts to NCHW by a transpose (NHWC, HWCN)
    Blocked,        // a device layout with blocks and padding that we convert
    Unconvertible,  // a device layout nobody documents how to unpack
};
LayoutKind layout_kind(AscendFormat format);

// Blocked or unconvertible: the bytes are not a row-major array of the logical
// values.
bool is_device_format(AscendFormat format);

}  // namespace msprobe::tensor
