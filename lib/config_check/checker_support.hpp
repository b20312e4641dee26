#pragma once
// What the checkers share: whether both packs hold an item, the four statistics of a tensor and their relative
// differences, the Python text of numbers in error messages.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config_check/check_level.hpp"
#include "dump/json_view.hpp"
#include "report/cell.hpp"

namespace msprobe::config_check {

// msprobe's compare_ex: os.path.exists of the item in both unpacked packs.
bool both_have(const std::filesystem::path& bench_dir, const std::filesystem::path& cmp_dir, std::string_view item);

// The statistics a dataset or weights record holds, in the order of the sheets' *_relative_diff columns.
inline constexpr std::string_view kStatistics[] = {"max", "min", "mean", "norm"};

// abs(bench - cmp) / bench, None (an empty cell) when bench is 0. Both must be numbers: a record whose statistic
// is missing or not a number is refused with an Error naming `file` and `what`.
report::Cell relative_diff(dump::JsonView bench, dump::JsonView cmp, const std::string& file, std::string_view what);

// The number of a "step<N>" or "rank<N>" folder (every `prefix` taken out of `name`, as msprobe's replace does);
// throws msprobe::Error naming `where` when the rest is not a number.
long long folder_number(const std::string& name, std::string_view prefix, const std::filesystem::path& where);

// One row of the dataset or weights sheet: its step and rank, then the name, `equal` and the four differences.
struct StepRankRow {
    long long step = 0;
    long long rank = 0;
    std::vector<report::Cell> cells;
};

// The dataset or weights sheet (`name_column` "tag" or "weight_name"): rows sorted by step, then rank (stable, as
// pandas sorts on two columns), step and rank in front; the boolean False in `equal` fails it.
CheckerResult step_rank_sheet(const char* name, const char* name_column, std::vector<StepRankRow> rows);

}  // namespace msprobe::config_check
