#pragma once
// What run_ut / multi_run_ut / run_overflow_check are asked to do. Plain data,
// so the command line code builds with or without libtorch.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "precision/result_counts.hpp"

namespace msprobe::run_ut {

struct RunUtOptions {
    std::filesystem::path api_info;       // dump.json (or a legacy forward_info_*.json)
    std::filesystem::path out_dir = ".";  // ignored when resuming
    std::filesystem::path resume_csv;     // -csv_path: accuracy_checking_result_<TS>.csv to continue
    std::filesystem::path config;         // -config: msprobe config.json (its run_ut section)
    std::filesystem::path legacy_backward;  // -backward: the backward_info_<pid>.json beside a legacy forward_info file
    bool save_error_data = false;
    bool filter_api = false;              // -f: drop calls whose inputs repeat an earlier call's
    bool seed_per_api = false;            // re-seed 1234 before each API, so its inputs do not depend on earlier APIs
    std::vector<int> devices = {0};       // -d: accepted and validated, unused on CPU
    std::string timestamp;                // empty = now
    bool strict_compat = false;           // msprobe's cells where we differ on purpose (docs/compatibility.md)
    bool show_progress = true;            // a progress line on stderr when it is a terminal
    std::uint64_t max_tensor_elements = 0;  // the largest tensor generated from a shape (0: tied to available memory)
    // multi_run_ut workers: the slice [first_api, first_api + api_count) of the forward APIs (after -f).
    std::size_t first_api = 0;
    std::size_t api_count = static_cast<std::size_t>(-1);
};

struct RunUtSummary {
    std::filesystem::path result_csv;
    std::filesystem::path details_csv;
    std::size_t forward_apis = 0;  // forward entries in the dump
    std::size_t executed = 0;      // APIs that ran (not SKIP)
    std::size_t skipped = 0;
    std::size_t failed = 0;        // forward not pass or backward not pass/SPACE
    precision::ResultCounts counts;  // every API of the result file by level (a resumed run's earlier rows too)
};

}  // namespace msprobe::run_ut
