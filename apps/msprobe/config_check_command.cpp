// config_check, August msprobe's: -d [SCRIPT ...] packs this machine's configuration; -c A B compares two packs
// (A ending in "zip") or two Megatron checkpoints; -vc and -vv are verl's. The four are mutually exclusive; -o
// names the output (each mode has its default). Dispatched in msprobe's order (_run_config_checking_command).
#include <fmt/format.h>

#include <climits>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "common/error.hpp"
#include "common/log.hpp"
#include "config_check/pack_compare.hpp"
#include "config_check/pack_writer.hpp"
#include "config_check_modes.hpp"

namespace msprobe::cli {

namespace {

struct ConfigCheckFlags {
    std::vector<std::string> dump, compare, verl_compare, verl_verify;
    std::string output;
    bool strict_compat = false;
};

// Which operations the command line offers: April's config_check had only -d and -c.
enum class Operations { PacksAndCheckpoints, WithVerl };

Runner add_config_check(CLI::App& cmd, Operations offered) {
    const bool verl = offered == Operations::WithVerl;
    const std::string no_operation =
        verl ? "The param is not correct, you need to give '-d' for dump or '-c' for compare or '-vc' for verl "
               "compare or '-vv' for verl verify."
             : "The param is not correct, you need to give '-d' for dump or '-c' for compare.";
    auto flags = std::make_shared<ConfigCheckFlags>();
    const std::string group = "Select one of the following operations, multiple selections are not permitted.";
    auto* dump = cmd.add_option("-d,--dump", flags->dump, "Collect the train config into a zip file")
                     ->expected(0, INT_MAX)
                     ->group(group);
    auto* compare = cmd.add_option("-c,--compare", flags->compare, "Compare two zip files or checkpoints")
                        ->expected(2)
                        ->group(group);
    std::vector<CLI::Option*> operations{dump, compare};
    if (verl) {
        auto* verl_compare =
            cmd.add_option("--verl-compare", flags->verl_compare,
                           "(-vc) Compare the parameter info in the configuration file filtered from the verl "
                           "train logs for NPU and bench, the first argument is the log to be "
                           "compared(eg:NPU_log), and the second argument is the bench log(eg:bench_log).")
                ->expected(2)
                ->group(group);
        auto* verl_verify =
            cmd.add_option("--verl-verify", flags->verl_verify,
                           "(-vv) Verify the parameter info in the configuration file for target and bench, "
                           "the first argument is an optional benchmark configuration file(eg:bench_yaml), "
                           "and the second argument is a mandatory target log that must be passed "
                           "in(eg:target_log)")
                ->expected(1, INT_MAX)
                ->group(group);
        operations.push_back(verl_compare);
        operations.push_back(verl_verify);
    }
    for (CLI::Option* a : operations) {
        for (CLI::Option* b : operations) {
            if (a != b) a->excludes(b);
        }
    }
    cmd.add_option("-o,--output", flags->output,
                   verl ? "output path, default is ./config_check_pack.zip for dump mode and ./config_check_result "
                          "for compare mode and ./verl_param_compare_result a folder for verl compare mode. "
                          "./verl_param_verify_result for verl verify mode"
                        : "output path, default is ./config_check_result");
    cmd.add_flag("--strict_compat", flags->strict_compat,
                 "reproduce msprobe's own defects too (see docs/compatibility.md): the env sheet's value columns "
                 "swapped");
    return [flags, dump, no_operation]() -> RunOutcome {
        if (dump->count() > 0) {
            const std::string pack = flags->output.empty() ? "./config_check_pack.zip" : flags->output;
            config_check::write_pack({flags->dump, pack});
            RunSummary summary;
            summary.verb = "Packed";
            summary.total = {flags->dump.size(), "launch scripts with the environment"};
            summary.written = {pack};
            RunOutcome outcome;
            outcome.screen = summary_text(summary);
            return outcome;
        }
        if (!flags->compare.empty()) {
            const auto& paths = flags->compare;
            if (!paths[0].ends_with("zip")) {
                log::info("Comparing model checkpoint.");
                return run_checkpoint_compare_mode(paths[0], paths[1], flags->output);
            }
            log::info("The input paths is zip files, comparing packed config.");
            RunOutcome outcome;
            outcome.screen = summary_text(config_check::compare_packs(
                {paths[0], paths[1], flags->output.empty() ? "./config_check_result" : flags->output,
                 flags->strict_compat ? config_check::EnvColumns::Swapped : config_check::EnvColumns::AsNamed}));
            return outcome;
        }
        if (!flags->verl_compare.empty()) {
            return run_verl_compare_mode(flags->verl_compare[0], flags->verl_compare[1], flags->output);
        }
        if (!flags->verl_verify.empty()) return run_verl_verify_mode(flags->verl_verify, flags->output);
        log::error(no_operation);
        throw Error("", no_operation);
    };
}

}  // namespace

Runner add_config_check_command(CLI::App& cmd, const GlobalOptions& /*global*/) {
    return add_config_check(cmd, Operations::WithVerl);
}

Runner add_pack_config_check_command(CLI::App& cmd, const GlobalOptions& /*global*/) {
    return add_config_check(cmd, Operations::PacksAndCheckpoints);
}

}  // namespace msprobe::cli
