#pragma once
// The run_overflow_check subcommand: the forward APIs of an overflow dump
// re-run on the CPU and their overflow judged against the device's (not to be
// confused with lib/overflow, which scans a dump's statistics without running
// anything). Plain declarations, so the command line builds without libtorch.
#include <cstddef>
#include <cstdint>
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
// `max_tensor_elements` bounds the inputs generated from shapes (InputBuilder; 0: tied to available memory).
OverflowRerunSummary rerun_overflowed_apis(const std::filesystem::path& api_info, const std::filesystem::path& out_dir,
                                           const std::string& timestamp = "", std::uint64_t max_tensor_elements = 0);

}  // namespace msprobe::run_ut
