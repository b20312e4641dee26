// The MindSpore → PyTorch API names msprobe's -am knows without a user table
// (399 entries). Most APIs keep their name and only change
// namespace; the few that are renamed are listed at the end.
#include "mapping/builtin_api_table.hpp"

#include <utility>

namespace msprobe::mapping {

namespace {

constexpr std::string_view kFunctionalToTorch[] = {
    "abs", "absolute", "acos", "acosh", "add", "addbmm", "addcdiv", "addcmul", "addmm", "addmv", "angle",
    "arange", "arccos", "arccosh", "arcsinh", "arctan", "arctanh", "argmax", "asin", "asinh", "atan", "atan2",
    "atanh", "baddbmm", "bartlett_window", "bincount", "bitwise_and", "bitwise_or", "bitwise_xor",
    "blackman_window", "ceil", "cholesky_solve", "clamp", "clip", "column_stack", "conj", "cosh", "cross",
    "cumprod", "diag_embed", "diagflat", "diagonal", "digamma", "dist", "div", "divide", "einsum", "erf",
    "erfc", "exp", "exp2", "expm1", "eye", "flip", "fliplr", "flipud", "floor_divide", "fmax", "fmod", "full",
    "full_like", "gcd", "geqrf", "greater", "greater_equal", "hamming_window", "hann_window", "heaviside",
    "histc", "hsplit", "hstack", "hypot", "i0", "igamma", "igammac", "imag", "inner", "inverse", "is_nonzero",
    "is_tensor", "isinf", "isneginf", "isposinf", "isreal", "kaiser_window", "kron", "lcm", "lerp", "log1p",
    "logaddexp", "logaddexp2", "logdet", "logical_and", "logical_not", "logical_or", "logical_xor", "logit",
    "logspace", "lt", "lu_solve", "lu_unpack", "masked_select", "matmul", "mm", "moveaxis", "movedim",
    "msort", "mul", "multiply", "nan_to_num", "nansum", "neg", "negative", "nextafter", "nonzero",
    "not_equal", "numel", "ones_like", "orgqr", "outer", "permute", "polar", "pow", "rand", "rand_like",
    "randn", "randn_like", "ravel", "real", "reciprocal", "remainder", "reshape", "roll", "rot90", "round",
    "row_stack", "rsqrt", "searchsorted", "sgn", "sign", "signbit", "sin", "sinc", "sinh", "slogdet",
    "square", "subtract", "sum", "swapdims", "t", "tan", "topk", "trace", "trapz", "tril", "tril_indices",
    "triu_indices", "true_divide", "trunc", "unbind", "unsqueeze", "vander", "view_as_real", "vsplit",
    "where", "xlogy", "zeros_like",
};

constexpr std::string_view kFunctionalKept[] = {
    "adaptive_avg_pool2d", "adaptive_avg_pool3d", "adaptive_max_pool2d", "affine_grid", "conv1d", "conv2d",
    "conv3d", "cosine_embedding_loss", "cosine_similarity", "cross_entropy", "ctc_loss", "gumbel_softmax",
    "hardsigmoid", "hardtanh", "hinge_embedding_loss", "l1_loss", "margin_ranking_loss", "max_pool3d",
    "max_unpool1d", "max_unpool2d", "max_unpool3d", "mse_loss", "multi_margin_loss", "multilabel_margin_loss",
    "multilabel_soft_margin_loss", "nll_loss", "pdist", "pixel_shuffle", "pixel_unshuffle", "relu", "sigmoid",
    "smooth_l1_loss", "soft_margin_loss", "tanh", "tanhshrink", "unfold",
};

constexpr std::string_view kTensorKept[] = {
    "H", "T", "abs", "absolute", "acos", "acosh", "add", "addbmm", "addcdiv", "addcmul", "addmm", "addr",
    "angle", "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctanh", "asin", "asinh", "atan", "atan2",
    "atanh", "baddbmm", "bincount", "bitwise_and", "bitwise_or", "bitwise_xor", "ceil", "cholesky",
    "cholesky_solve", "chunk", "clamp", "clip", "conj", "contiguous", "copysign", "cos", "cosh", "cross",
    "cumprod", "cumsum", "deg2rad", "diagflat", "diagonal", "digamma", "div", "divide", "erf", "erfc",
    "erfinv", "exp", "expm1", "fliplr", "flipud", "float", "floor", "fmax", "fmod", "geqrf", "greater",
    "greater_equal", "half", "hardshrink", "heaviside", "histc", "hypot", "i0", "igamma", "igammac", "imag",
    "index_add", "index_fill", "index_put", "int", "inverse", "is_complex", "is_contiguous",
    "is_floating_point", "is_signed", "isfinite", "isinf", "isnan", "isneginf", "isposinf", "isreal", "lcm",
    "ldexp", "le", "lerp", "less", "less_equal", "log", "log10", "log1p", "log2", "log_normal", "logaddexp",
    "logaddexp2", "logcumsumexp", "logdet", "logical_and", "logical_not", "logical_or", "logical_xor",
    "logit", "long", "lt", "lu_solve", "mH", "mT", "masked_fill", "masked_select", "matmul", "maximum",
    "minimum", "mm", "movedim", "msort", "mul", "multiply", "mvlgamma", "nan_to_num", "nanmedian", "nansum",
    "ndim", "ndimension", "ne", "neg", "negative", "nelement", "new_ones", "new_zeros", "nextafter",
    "nonzero", "not_equal", "numel", "orgqr", "ormqr", "outer", "permute", "rad2deg", "ravel", "real",
    "reciprocal", "remainder", "repeat_interleave", "reshape", "reshape_as", "roll", "rot90", "round",
    "rsqrt", "sgn", "shape", "short", "sigmoid", "sign", "signbit", "sin", "sinc", "sinh", "slogdet", "sort",
    "sqrt", "square", "squeeze", "storage_offset", "stride", "subtract", "sum_to_size", "swapdims", "t",
    "tan", "tanh", "topk", "trace", "tril", "true_divide", "trunc", "unbind", "unsqueeze", "view", "view_as",
    "where",
};

constexpr std::pair<std::string_view, std::string_view> kRenamed[] = {
    {"Functional.bidense", "Functional.bilinear"},
    {"Functional.dense", "Functional.linear"},
    {"Functional.equal", "Torch.eq"},
    {"Functional.swapaxes", "Torch.transpose"},
    {"Tensor.asnumpy", "Tensor.numpy"},
    {"Tensor.cauchy", "Tensor.cauchy_"},
    {"Tensor.equal", "Tensor.eq"},
    {"Tensor.fill_diagonal", "Tensor.fill_diagonal_"},
    {"Tensor.gather_elements", "Tensor.gather"},
    {"Tensor.swapaxes", "Tensor.transpose"},
};

ApiTable build() {
    ApiTable table;
    auto add_all = [&](const auto& names, std::string_view from, std::string_view to) {
        for (std::string_view name : names) {
            table.emplace(std::string(from) + std::string(name), std::string(to) + std::string(name));
        }
    };
    add_all(kFunctionalToTorch, "Functional.", "Torch.");
    add_all(kFunctionalKept, "Functional.", "Functional.");
    add_all(kTensorKept, "Tensor.", "Tensor.");
    for (const auto& [from, to] : kRenamed) table.emplace(from, to);
    return table;
}

}  // namespace

const ApiTable& builtin_api_table() {
    static const ApiTable table = build();
    return table;
}

}  // namespace msprobe::mapping
