#pragma once
// The flags of our overflow_check scan (the statistics-based inf/NaN/mutation
// scan of lib/overflow), registered once for both shapes of the command: the
// April-style `overflow_check` and August's, where they select the scan.
#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include "run_outcome.hpp"

namespace msprobe::cli {

struct OverflowScanFlags {
    std::string input;
    std::string output;  // empty: the scan's own default (./output for --format json|csv)
    std::string format = "text";
    std::string scope = "api";
    std::string direction = "both";
    std::string fail_on;
    std::string rules;
    double mutation_threshold = 100;
    bool include_propagated = false;
    bool saturation = false;
    bool no_rules = false;
    bool first_only = false;
    bool no_tensor_files = false;
    bool multi_rank = false;
    bool reexec = false;
    bool quiet = false;  // --quiet: registered by each shape, outside the scan's options
    unsigned jobs = 0;
};

// Registers every scan option but -i and -o on `cmd`; returns them, so a
// caller can tell whether one was given.
std::vector<CLI::Option*> add_overflow_scan_options(CLI::App* cmd, OverflowScanFlags& flags);

// Runs the scan (and --multi-rank's analysis); its report is the outcome's screen.
RunOutcome run_overflow_scan(const OverflowScanFlags& flags);

}  // namespace msprobe::cli
