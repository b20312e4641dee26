#pragma once
// The monitor's output under --data, found as msprobe finds it: folders named
// "<time>-rank<N>-…" (time as the monitor writes it, "Dec03_21-34-40"), one per
// rank, holding "<metric>_<start>-<end>.csv" files of the metrics a trend
// viewer shows. Folders and files are taken in name order (msprobe takes the
// system's listing order); of two folders of one rank the later one counts.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace msprobe::data2db {

// The monitor's metrics a trend database holds, in msprobe's order (their metric ids follow it).
inline constexpr std::string_view kMonitorMetrics[] = {"actv",         "actv_grad",      "exp_avg",
                                                       "exp_avg_sq",   "grad_unreduced", "grad_reduced",
                                                       "param_origin", "param_updated",  "other"};
// The statistics columns a trend database takes from a monitor CSV, in msprobe's order.
inline constexpr std::string_view kMonitorStats[] = {
    "norm",        "min", "max",         "zeros", "nans",     "mean",  "entropy",
    "softmax_max", "sr",  "kernel_norm", "std_x", "jacobian", "proxy", "token_similarity"};

struct MonitorRankDir {
    std::string rank_text;  // as the folder name writes it ("0", "007")
    std::int64_t rank = 0;
    std::filesystem::path dir;
};

// Throws msprobe::Error naming the folder when its time is not a time
// (msprobe stops there too: "illegal timestamp").
std::vector<MonitorRankDir> find_monitor_dirs(const std::filesystem::path& data_dir);

// Whether `time_tag` is a time as datetime.strptime(tag, "%b%d_%H-%M-%S") reads one (year 1900).
bool is_monitor_time_tag(std::string_view time_tag);

// The metric of a CSV file name ("actv_grad_0-100.csv" → "actv_grad"), or nullopt for another file.
std::optional<std::string> monitor_csv_metric(std::string_view file_name);

}  // namespace msprobe::data2db
