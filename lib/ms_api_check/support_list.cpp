#include "ms_api_check/support_list.hpp"

#include <algorithm>

#include "common/python_str.hpp"

namespace msprobe::ms_api_check {

namespace {

// MsCompareConst.SUPPORTED_FUSION_LIST.
constexpr std::string_view kFusionApi = "flash_attention_score";

}  // namespace

const std::vector<std::string>& supported_tensor_methods() {
    static const std::vector<std::string> names = {
        "add_",   "add",         "addmm_",     "all",       "allclose", "any",          "bool",      "byte",
        "ceil",   "clamp",       "contiguous", "copy_",     "cos",      "clone",        "cumprod",   "expand_as",
        "flatten", "float",      "half",       "int",       "is_contiguous", "isnan",   "item",      "log",
        "log2",   "long",        "masked_fill", "max",      "mean",     "min",          "numel",     "numpy",
        "repeat", "repeat_interleave", "reshape", "round",  "select",   "sin",          "size",      "split",
        "sqrt",   "square",      "sub",        "swapaxes",  "to",       "t",            "tolist",    "topk",
        "transpose", "trunc",    "type",       "unsqueeze", "view",     "view_as",      "fill_",     "floor_",
        "clamp_", "type_as",     "zero_"};
    return names;
}

bool is_checkable(std::string_view entry_key, TestedFramework framework) {
    const auto parts = py::split_dots(entry_key);
    if (parts.size() < 4) return false;  // MsCompareConst.API_NAME_STR_LENGTH
    const auto family = parts.front();
    // The API's own name: everything between the family and "<call>.<direction>".
    const auto real_name = entry_key.substr(family.size() + 1, entry_key.size() - family.size() - 1 -
                                                                   parts[parts.size() - 2].size() - 1 -
                                                                   parts.back().size() - 1);
    if (framework == TestedFramework::MindTorch) {
        return family == "Torch" || family == "Functional" || family == "Tensor";
    }
    if (family == "Mint" || family == "MintFunctional") return true;
    if (family == "Tensor") {
        const auto& methods = supported_tensor_methods();
        return std::find(methods.begin(), methods.end(), real_name) != methods.end();
    }
    return family == "Functional" && real_name == kFusionApi;
}

std::string bench_module(std::string_view family, TestedFramework framework) {
    if (framework == TestedFramework::MindSpore) {
        if (family == "Mint") return "torch";
        if (family == "MintFunctional") return "torch.nn.functional";
        if (family == "Tensor") return "torch.Tensor";
        return {};
    }
    if (family == "Torch") return "torch";
    if (family == "Functional") return "torch.nn.functional";
    if (family == "Tensor") return "torch.Tensor";
    return {};
}

std::string executor_family(std::string_view family, TestedFramework framework) {
    const auto module = bench_module(family, framework);
    if (module == "torch") return "Torch";
    if (module == "torch.nn.functional") return "Functional";
    if (module == "torch.Tensor") return "Tensor";
    return {};
}

}  // namespace msprobe::ms_api_check
