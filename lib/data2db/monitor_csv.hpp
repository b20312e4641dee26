#pragma once
// One monitor CSV read as msprobe reads it (pandas.read_csv, then row by row):
// each column typed as pandas types a column (integers, floats, booleans, or
// texts when any cell is no number; pandas' NA spellings are missing values),
// then name, vpp_stage, step and micro_step taken from each row with Python's
// int() and str() of those values, and the statistics columns with
// process_tensor_value. A row msprobe passes over keeps its reason.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace msprobe::data2db {

struct MonitorCsvRow {
    std::string name;
    std::int64_t vpp_stage = 0;
    std::int64_t step = 0;                     // 0 without a step column
    std::int64_t micro_step = 0;               // 0 without a micro_step column
    std::vector<std::optional<double>> stats;  // one per MonitorCsv::stats
};

struct MonitorCsv {
    std::vector<std::string> stats;  // the columns among kMonitorStats, in the file's order
    std::vector<MonitorCsvRow> rows;
    std::vector<std::string> skipped;  // per row passed over, Python's text of the reason ("'vpp_stage'")
};

// Throws msprobe::Error naming the file when it cannot be read, has no header,
// or has a row with more fields than its header (pandas refuses these).
MonitorCsv read_monitor_csv(const std::filesystem::path& path);

}  // namespace msprobe::data2db
