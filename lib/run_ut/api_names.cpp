#include "run_ut/api_names.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <set>

#include "run_ut/api_executor.hpp"

namespace msprobe::run_ut {

namespace {

// The NPU fused operators msprobe has a CPU bench function for (spec run_ut §7).
const std::set<std::string>& npu_bench_function_names() {
    static const std::set<std::string> names = {
        "npu_apply_adam_w", "npu_confusion_transpose", "npu_fast_gelu", "npu_layer_norm_eval", "npu_linear",
        "npu_fusion_attention", "npu_rms_norm", "npu_rotary_mul", "npu_scaled_masked_softmax", "npu_swiglu",
        "npu_apply_adam", "npu_group_norm_silu", "npu_mish", "npu_moe_gating_top_k_softmax", "npu_sort_v2"};
    return names;
}

// Asks the executor itself with an argument no schema binds (Ellipsis), so nothing is computed: it either
// gets as far as an operator or a wrapper (which then refuses the argument) or finds no operator by that name.
bool executor_resolves(const std::string& family, const std::string& api_name) {
    PyCall probe;
    PyValue ellipsis;
    ellipsis.kind = PyValue::Kind::Ellipsis;
    probe.args.push_back(ellipsis);
    try {
        execute_api(family, api_name, probe);
        return true;
    } catch (const UnknownApi&) {
        return false;
    } catch (const std::exception&) {
        return true;
    }
}

}  // namespace

bool is_known_api_name(const std::string& api_name) {
    // Python identifiers joined by dots ("linalg.vector_norm"); anything else is no API name.
    const bool well_formed = !api_name.empty() && api_name.front() != '.' && api_name.back() != '.' &&
                             std::all_of(api_name.begin(), api_name.end(), [](unsigned char c) {
                                 return std::isalnum(c) != 0 || c == '_' || c == '.';
                             });
    if (!well_formed) return false;
    if (npu_bench_function_names().count(api_name)) return true;
    static const char* const kFamilies[] = {"Functional", "Tensor", "Torch"};
    return std::any_of(std::begin(kFamilies), std::end(kFamilies),
                       [&](const char* family) { return executor_resolves(family, api_name); });
}

std::vector<std::string> unknown_api_names(const std::vector<std::string>& names) {
    std::vector<std::string> unknown;
    for (const auto& name : names) {
        if (!is_known_api_name(name)) unknown.push_back(name);
    }
    return unknown;
}

}  // namespace msprobe::run_ut
