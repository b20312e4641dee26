#include "run_ut/api_names.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>

#include "run_ut/api_executor.hpp"

namespace msprobe::run_ut {

bool is_known_api_name(const std::string& api_name) {
    // Python identifiers joined by dots ("linalg.vector_norm"); anything else is no API name.
    const bool well_formed = !api_name.empty() && api_name.front() != '.' && api_name.back() != '.' &&
                             std::all_of(api_name.begin(), api_name.end(), [](unsigned char c) {
                                 return std::isalnum(c) != 0 || c == '_' || c == '.';
                             });
    if (!well_formed) return false;
    // NPU: the fused operators with a CPU bench function.
    static const char* const kFamilies[] = {"Functional", "Tensor", "Torch", "NPU"};
    return std::any_of(std::begin(kFamilies), std::end(kFamilies),
                       [&](const char* family) { return api_resolves(family, api_name); });
}

std::vector<std::string> unknown_api_names(const std::vector<std::string>& names) {
    std::vector<std::string> unknown;
    for (const auto& name : names) {
        if (!is_known_api_name(name)) unknown.push_back(name);
    }
    return unknown;
}

}  // namespace msprobe::run_ut
