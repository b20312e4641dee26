#include "metrics/kernel_selection.hpp"

#include <cstdlib>
#include <string_view>

#include "common/log.hpp"

namespace msprobe::metrics {

KernelChoice requested_kernel_isa(const char* value) {
    KernelChoice choice;
    choice.isa = best_kernel_isa();
    if (value == nullptr || *value == '\0') return choice;
    const std::string_view name(value);
    const std::string fallback = "; using " + std::string(kernel_isa_name(choice.isa)) + " instead";
    const std::optional<KernelIsa> named = kernel_isa_named(name);
    if (!named) {
        choice.warnings.push_back(std::string(kKernelIsaVariable) + "=" + std::string(name) +
                                  " is not one of scalar, sse2, avx2, avx512, neon" + fallback);
    } else if (!kernel_isa_available(*named)) {
        choice.warnings.push_back(std::string(kKernelIsaVariable) + "=" + std::string(name) +
                                  " is not available on this machine" + fallback);
    } else {
        choice.isa = *named;
    }
    return choice;
}

KernelChoice choose_kernel_isa(const char* value, KernelFinder find) {
    KernelChoice choice = requested_kernel_isa(value);
    while (choice.isa != KernelIsa::Scalar && !kernel_passes_self_check(choice.isa, find)) {
        const KernelIsa failed = choice.isa;
        choice.isa = narrower_kernel_isa(failed);
        choice.warnings.push_back("the " + std::string(kernel_isa_name(failed)) +
                                  " metric kernel differs from the scalar reference on this machine; using " +
                                  std::string(kernel_isa_name(choice.isa)) + " instead");
    }
    return choice;
}

KernelIsa selected_kernel_isa() {
    // A function-local static: initialised once, by the first caller, while others wait.
    static const KernelIsa selected = [] {
        const KernelChoice choice = choose_kernel_isa(std::getenv(kKernelIsaVariable));
        for (const std::string& warning : choice.warnings) log::warning(warning);
        log::debug("metric kernel: " + std::string(kernel_isa_name(choice.isa)));
        return choice.isa;
    }();
    return selected;
}

}  // namespace msprobe::metrics
