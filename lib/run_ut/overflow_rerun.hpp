#pragma once
// The run_overflow_check subcommand: the forward APIs of an overflow dump
// re-run on the CPU and their overflow judged against the device's (not to be
// confused with lib/overflow, which scans a dump's statistics without running
// anything). Plain declarations, so the command line builds without libtorch.
#include <cstddef>
#include <filesystem>
#include <string>

namespace msprobe::run_ut {

struct OverflowRerunSummary {
    std::size_t checked = 0;
    std::size_t normal = 0;
    std::size_t abnormal = 0;
    std::size_t skipped = 0;
    std::filesystem::path result_csv;
};

// Verdicts logged as msprobe does and written to <out_dir>/overflow_check_result_<TS>.csv.
OverflowRerunSummary rerun_overflowed_apis(const std::filesystem::path& api_info, const std::filesystem::path& out_dir,
                                           const std::string& timestamp = "");

}  // namespace msprobe::run_ut
