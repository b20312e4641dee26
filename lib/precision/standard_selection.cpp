// Which precision standard judges which API. The API lists
// are the facts of msprobe's api_precision_standard.yaml, kept here as code;
// test/precision cross-checks them against that file when it is available.
#include <algorithm>
#include <array>
#include <string_view>

#include "precision/standards.hpp"

namespace msprobe::precision {

namespace {

constexpr std::array<std::string_view, 30> kAbsoluteThreshold = {
    "mul", "mul_", "__mul__", "__imul__", "__rmul__", "add", "add_", "__add__", "__iadd__", "__radd__",
    "div", "div_", "__div__", "__idiv__", "divide", "divide_", "leaky_relu", "leaky_relu_", "prelu", "reciprocal",
    "reciprocal_", "rsqrt", "rsqrt_", "square", "square_", "sub", "sub_", "rsub", "__isub__", "__sub__",
};

constexpr std::array<std::string_view, 62> kBinaryConsistency = {
    "abs", "abs_", "absolute", "absolute_", "argmin", "bitwise_and", "bitwise_and_", "broadcast_to", "ceil",
    "ceil_", "equal", "fill_", "flatten", "floor", "floor_", "gather", "greater", "greater_", "greater_equal",
    "greater_equal_", "histc", "isfinite", "isnan", "less", "less_", "less_equal", "less_equal_", "logical_and",
    "logical_and_", "logical_not", "logical_not_", "logical_or", "logical_or_", "masked_fill", "masked_fill_",
    "max_pool3d", "maximum", "minimum", "neg", "neg_", "nonzero", "not_equal", "not_equal_", "one_hot", "pad",
    "relu", "reshape", "round", "round_", "select", "sign", "sign_", "sort", "tile", "topk", "transpose",
    "transpose_", "tril", "tril_", "triu", "triu_", "type_as",
};

constexpr std::array<std::string_view, 17> kUlp = {
    "__matmul__", "addbmm", "addbmm_", "addmm", "addmm_", "baddbmm", "baddbmm_", "bilinear", "bmm",
    "chain_matmul", "hspmm", "linear", "matmul", "mm", "mv", "smm", "sspaddmm",
};

constexpr std::array<std::string_view, 2> kThousandth = {"conv1d", "conv2d"};

constexpr std::array<std::string_view, 1> kAccumulative = {"test_api"};

// Output dtypes that have a floating precision standard; anything else is compared bit for bit.
constexpr std::array<std::string_view, 8> kFloatingOutputs = {
    "torch.float16", "torch.bfloat16", "torch.float32", "torch.float8_e4m3fn", "torch.float8_e5m2",
    "torch.float64", "torch.complex64", "torch.complex128",
};

template <std::size_t N>
bool listed(const std::array<std::string_view, N>& list, std::string_view name) {
    return std::find(list.begin(), list.end(), name) != list.end();
}

bool is_fp8(std::string_view dtype) {
    return dtype == "torch.float8_e4m3fn" || dtype == "torch.float8_e5m2" || dtype == "torch.hifloat8";
}

}  // namespace

Standard select_standard(std::string_view api_name, std::string_view output_dtype, std::string_view input_dtype) {
    if (is_fp8(output_dtype)) return Standard::Ulp;
    if (is_fp8(input_dtype)) return Standard::AbsoluteThreshold;
    if (!listed(kFloatingOutputs, output_dtype)) return Standard::BinaryConsistency;
    if (listed(kAbsoluteThreshold, api_name)) return Standard::AbsoluteThreshold;
    if (listed(kBinaryConsistency, api_name)) return Standard::BinaryConsistency;
    if (listed(kUlp, api_name)) return Standard::Ulp;
    if (listed(kThousandth, api_name)) return Standard::Thousandth;
    if (listed(kAccumulative, api_name)) return Standard::AccumulativeError;
    return Standard::Benchmark;
}

std::vector<std::string_view> standard_api_list(Standard standard) {
    switch (standard) {
        case Standard::AbsoluteThreshold: return {kAbsoluteThreshold.begin(), kAbsoluteThreshold.end()};
        case Standard::BinaryConsistency: return {kBinaryConsistency.begin(), kBinaryConsistency.end()};
        case Standard::Ulp: return {kUlp.begin(), kUlp.end()};
        case Standard::Thousandth: return {kThousandth.begin(), kThousandth.end()};
        case Standard::AccumulativeError: return {kAccumulative.begin(), kAccumulative.end()};
        case Standard::Benchmark: return {};
    }
    return {};
}

}  // namespace msprobe::precision
