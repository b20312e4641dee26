#pragma once
// An ATB execution-round folder's statistic.csv as msprobe reads it
// (atb_data_compare.py: get_comparison_mode, get_stats_map): which kind of dump
// it is, and one row per tensor keyed by its Data Name.
#include <array>
#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace msprobe::atb {

// What the dump holds: statistics only (Tensor Path "N/A") or tensor files.
enum class DumpMode { Stats, Tensor, Unknown };

// "stats", "tensor", "unknown": the word in the result file's name.
std::string_view mode_name(DumpMode mode);

// One tensor of the csv, as written there except for its name and path.
struct StatisticRow {
    std::string data_name;  // "<id>_<name>/" per scope level, then "<io>.<index>": "2_Prefill_layer/input.0"
    std::string device_and_pid;
    std::string execution_count;
    std::string dtype;
    std::string shape;
    std::array<std::string, 4> statistics;  // Max, Min, Mean, Norm
    // The Tensor Path rebased onto the folder read ("N/A" as written when the dump has none).
    std::string tensor_path;
    std::size_t record = 0;  // the csv record it came from, the header being record 1
};

// The rows msprobe skips without a word: a record of other than 15 fields, an
// Op Name whose levels do not match its Op Id's, a Tensor Path that does not
// lie four folders below atb_dump_data; and a Data Name given again, which
// replaces the earlier row in its place.
enum class RowRule {
    Refuse,  // an msprobe::Error naming the csv and the record
    Skip,    // msprobe's way (--strict_compat)
};

struct StatisticCsv {
    std::filesystem::path path;
    DumpMode mode = DumpMode::Unknown;
    std::vector<StatisticRow> rows;  // csv order, one per Data Name
};

inline constexpr std::string_view kNotApplicable = "N/A";

// `round_dir`/statistic.csv. The mode is Unknown when the csv has no row
// after its header; otherwise Stats when the first row's last field is "N/A".
// Under RowRule::Refuse a tensor dump's row without a Tensor Path is refused
// too. Throws msprobe::Error naming the csv when it cannot be read.
StatisticCsv read_statistic_csv(const std::filesystem::path& round_dir, RowRule rule);

}  // namespace msprobe::atb
