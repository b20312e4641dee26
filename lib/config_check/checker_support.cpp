#include "config_check/checker_support.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <tuple>

#include "common/error.hpp"
#include "common/python_str.hpp"
#include "common/python_text.hpp"

namespace msprobe::config_check {

bool both_have(const std::filesystem::path& bench_dir, const std::filesystem::path& cmp_dir, std::string_view item) {
    std::error_code ec;
    return std::filesystem::exists(bench_dir / item, ec) && std::filesystem::exists(cmp_dir / item, ec);
}

report::Cell relative_diff(dump::JsonView bench, dump::JsonView cmp, const std::string& file, std::string_view what) {
    const auto b = bench.number();
    const auto c = cmp.number();
    if (!b || !c || bench.is_bool() || cmp.is_bool()) {
        throw Error(file, fmt::format("{} is not a number on both sides", what));
    }
    if (*b == 0) return {};
    return report::Cell(std::fabs(*b - *c) / *b);
}

long long folder_number(const std::string& name, std::string_view prefix, const std::filesystem::path& where) {
    const auto number = py::parse_int(py::replace_all(name, prefix, ""));
    if (!number) throw Error(where.string(), fmt::format("'{}' is not a {} folder ({}<N>)", name, prefix, prefix));
    return *number;
}

CheckerResult step_rank_sheet(const char* name, const char* name_column, std::vector<StepRankRow> rows) {
    std::stable_sort(rows.begin(), rows.end(), [](const StepRankRow& a, const StepRankRow& b) {
        return std::tie(a.step, a.rank) < std::tie(b.step, b.rank);
    });
    CheckerResult result{name,
                         CheckLevel::Pass,
                         {{"step", "rank", name_column, "equal", "max_relative_diff", "min_relative_diff",
                           "mean_relative_diff", "norm_relative_diff"},
                          {},
                          {}}};
    for (auto& row : rows) {
        row.cells.resize(6);
        const report::Cell& equal = row.cells[1];
        if (equal.is_bool() && !equal.boolean_value()) result.pass_check = CheckLevel::Error;
        std::vector<report::Cell> cells{static_cast<double>(row.step), static_cast<double>(row.rank)};
        for (auto& cell : row.cells) cells.push_back(std::move(cell));
        result.table.rows.push_back(std::move(cells));
    }
    return result;
}

}  // namespace msprobe::config_check
