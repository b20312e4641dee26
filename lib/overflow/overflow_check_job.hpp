#pragma once
// `msprobe overflow_check`: locate the dumps behind -i, scan each one, render
// the text report and write the JSON/CSV files.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "common/run_summary.hpp"
#include "common/thread_pool.hpp"
#include "overflow/op_debug_report.hpp"
#include "overflow/overflow_scan.hpp"

namespace msprobe::overflow {

enum class ReportFormat : std::uint8_t { Text, Json, Csv };

struct OverflowCheckOptions {
    std::filesystem::path input;
    std::optional<std::filesystem::path> output_dir;  // -o given explicitly
    ReportFormat format = ReportFormat::Text;
    ScanOptions scan;
    bool first_only = false;
    bool show_progress = false;  // the dumps (or op-debug files) scanned, on a progress line of the terminal
};

struct OverflowCheckResult {
    std::vector<DumpScan> scans;               // steps, then ranks, in numeric order
    std::vector<OpDebugReportEntry> op_debug;  // a kernel dump tree: its op-debug files, earliest first
    std::string text;                          // what goes to stdout
    std::vector<std::filesystem::path> written;
    RunSummary run;  // entries checked, anomalies found (per dump), the first one with its model frame, the files
    bool overflow_found() const;  // any origin, propagated or absorbed entry in any dump, any op-debug overflow
};

// Files: none for text without -o; -o with text writes both the .json and the
// .csv; --format json|csv writes that one (into -o, default ./output). Every
// input error is raised (msprobe::Error, exit 2) before anything is written.
// Inside a dump, tensor files are scanned on `pool`.
//
// A directory holding op-debug files (a kernel dump tree of an overflow
// detection run) is reported from those instead: overflow_summary_<time>.txt,
// each record as <op-debug file>.output.0.json and the overflowing ops'
// inputs and outputs as .npy go into -o (default ./output); --format json
// writes overflow_check_<time>.json beside them; csv is refused.
OverflowCheckResult run_overflow_check(const OverflowCheckOptions& options, ThreadPool& pool);

}  // namespace msprobe::overflow
