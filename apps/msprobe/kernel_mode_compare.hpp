#pragma once
// compare's modes below the framework API (-m offline_data | atb | torchair):
// the flags they share, and one driver per mode turning them into its
// library's request. august_compare_command.cpp reads the line and hands it
// to the mode's driver after msprobe's mode and option checks.
#include <optional>
#include <string>

#include "run_outcome.hpp"

namespace msprobe::cli {

struct KernelModeFlags {
    std::string mode;
    std::string target, golden;     // -tp, -gp
    std::string output;             // -o; "./output" when omitted or given without a value
    std::string fusion_rule;        // -fr (offline_data only)
    std::string quant_fusion_rule;  // -qfr
    std::string close_fusion_rule;  // -cfr
    std::optional<std::string> rank;  // --rank (torchair: msprobe refuses it, we take it unless --strict_compat)
    std::string fail_on;
    unsigned jobs = 0;
    bool strict_compat = false;
    bool quiet = false;  // no progress line
};

// msaccucmp's vector comparison: NPU kernel dumps against golden .npy dumps or
// another NPU dump folder, through ATC's fusion rules (offline_data_driver.cpp).
RunOutcome run_offline_data_compare(const KernelModeFlags& flags);

// Ascend Transformer Boost dumps: statistic.csv of each side, statistics or
// tensors (atb_compare_driver.cpp).
RunOutcome run_atb_compare(const KernelModeFlags& flags);

// torchair graph mode: GE dumps against FX eager dumps or GE dumps
// (torchair_compare_driver.cpp).
RunOutcome run_torchair_compare(const KernelModeFlags& flags);

}  // namespace msprobe::cli
