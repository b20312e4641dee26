#include "august_option_check.hpp"

#include <fmt/format.h>

#include <set>

#include "common/error.hpp"

namespace msprobe::cli {

namespace {

// Every option string a mode allows, as msprobe checks them (compare_cli.py's
// VALID_ARGS_MAP), plus ours.
std::set<std::string> mode_options(const std::string& mode, bool strict) {
    std::set<std::string> allowed = {"--mode",        "-m", "--target_path", "-tp", "--golden_path", "-gp",
                                     "--output_path", "-o", "--fail-on",     "-j",  "--jobs",        "--strict_compat",
                                     "--quiet"};
    if (mode == "auto") {
        allowed.insert(
            {"--xlsx",    "--fuzzy_match",  "-fm",    "--cell_mapping",         "-cm",         "--api_mapping",
             "-am",       "--data_mapping", "-dm",    "--layer_mapping",        "-lm",         "--diff_analyze",
             "-da",       "--rank",         "--step", "--is_print_compare_log", "-tensor_log", "--consistent_check",
             "--backend", "--html"});
    } else if (mode == "offline_data") {
        allowed.insert(
            {"--fusion_rule_file", "-fr", "--quant_fusion_rule_file", "-qfr", "--close_fusion_rule_file", "-cfr"});
    } else if (mode == "torchair" && !strict) {
        allowed.insert("--rank");  // msprobe's torchair compare reads it, but its own list refuses it
    }
    return allowed;
}

}  // namespace

void check_whitelist(const GlobalOptions& global, bool strict, const std::string& mode) {
    const auto allowed = mode_options(mode, strict);
    const auto refuse = [&mode](const std::string& token) {
        throw Error("", fmt::format("Invalid argument '{}' for mode '{}'", token, mode));
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
    if (mode == "auto" || mode == "offline_data" || mode == "torchair" || mode == "atb") return;
    if (mode == "offline_model") {
        throw Error("",
                    "mode 'offline_model' runs the model on an NPU through the CANN runtime (msprobe's "
                    "msquickcmp); msprobe-cpp compares dumps only: dump both sides and use -m offline_data");
    }
    throw Error("", fmt::format("Invalid mode '{}'. Available modes: ['auto', 'offline_data', 'torchair', "
                                "'offline_model', 'atb']",
                                mode));
}

}  // namespace msprobe::cli
