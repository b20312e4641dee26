#include "august_option_check.hpp"

#include <fmt/format.h>

#include <set>

#include "common/error.hpp"

namespace msprobe::cli {

namespace {

// Every option string mode auto allows, as msprobe checks them, plus ours.
const std::set<std::string>& auto_mode_options() {
    static const std::set<std::string> allowed = {
        "--mode", "-m", "--target_path", "-tp", "--golden_path", "-gp", "--output_path", "-o", "--xlsx",
        "--fuzzy_match", "-fm", "--cell_mapping", "-cm", "--api_mapping", "-am", "--data_mapping", "-dm",
        "--layer_mapping", "-lm", "--diff_analyze", "-da", "--rank", "--step", "--is_print_compare_log",
        "-tensor_log", "--consistent_check", "--backend",
        // ours
        "--fail-on", "-j", "--jobs", "--strict_compat", "--html"};
    return allowed;
}

}  // namespace

void check_whitelist(const GlobalOptions& global, bool strict) {
    const auto& allowed = auto_mode_options();
    const auto refuse = [](const std::string& token) {
        throw Error("", fmt::format("Invalid argument '{}' for mode 'auto'", token));
    };
    if (strict) {
        for (std::size_t i = 2; i < global.raw_args.size(); ++i) {
            const std::string& token = global.raw_args[i];
            if (!token.empty() && token[0] == '-' && allowed.count(token) == 0) refuse(token);
        }
        return;
    }
    for (const auto& option : global.typed_options) {
        if (allowed.count(option.canonical) == 0) refuse(option.typed);
    }
}

void check_mode(const std::string& mode) {
    if (mode == "auto") return;
    if (mode == "offline_data" || mode == "torchair" || mode == "offline_model" || mode == "atb") {
        throw Error("", fmt::format("mode '{}' is not provided by msprobe-cpp (only 'auto')", mode));
    }
    throw Error("", fmt::format("Invalid mode '{}'. Available modes: ['auto', 'offline_data', 'torchair', "
                                "'offline_model', 'atb']",
                                mode));
}

}  // namespace msprobe::cli
