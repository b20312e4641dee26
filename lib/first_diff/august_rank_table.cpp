#include "first_diff/august_rank_table.hpp"

#include <limits>

#include "compare/august_cells.hpp"
#include "compare/august_compare_keys.hpp"
#include "compare/compare_mode.hpp"
#include "compare/row_cells.hpp"
#include "compare/summary_table.hpp"

namespace msprobe::first_diff {

namespace {

using report::Cell;

// April's diff and relative-error cells replaced by August's texts; the verdict cells left empty.
void use_august_statistic_cells(RankTable& table, const dump::DumpFile& npu, const dump::DumpFile& bench) {
    auto& result = table.result;
    const auto first_diff = static_cast<std::size_t>(result.column("Max diff"));
    const auto first_relative = static_cast<std::size_t>(result.column("MaxRelativeErr"));
    const auto verdict = static_cast<std::size_t>(result.column("Result"));
    const auto message = static_cast<std::size_t>(result.column("Err_message"));
    for (std::size_t r = 0; r < table.pairs.size(); ++r) {
        const dump::DumpRow& n = npu.rows[table.pairs[r].npu];
        const dump::DumpRow* b = compare::bench_row(bench, table.pairs[r]);
        auto& cells = result.table.rows[r];
        for (std::size_t k = 0; k < 4; ++k) {
            auto diff = compare::august_statistic_diff(n.stats[k], b ? &b->stats[k] : nullptr);
            cells[first_diff + k] = Cell(std::move(diff.diff));
            cells[first_relative + k] = Cell(std::move(diff.relative));
        }
        cells[verdict] = Cell("");
        cells[message] = Cell("");
    }
}

}  // namespace

RankTable august_rank_table(const dump::DumpFile& npu, const dump::DumpFile& bench) {
    compare::MatchPlan plan;
    plan.strategy = compare::MatchStrategy::KeyThenDtype;
    plan.npu_keys = compare::august_compare_keys(npu);
    plan.bench_keys = compare::august_compare_keys(bench);
    RankTable table;
    table.pairs = compare::match_rows(npu, bench, plan);
    if (compare::detect_mode(npu, bench) == compare::CompareMode::Md5) {
        table.result = compare::md5_table(npu, bench, table.pairs, nullptr);
        // August's md5 table gained an Err_message column, which -da never fills.
        table.result.table.header.emplace_back("Err_message");
        for (auto& cells : table.result.table.rows) cells.emplace_back(std::numeric_limits<double>::quiet_NaN());
    } else {
        table.result = compare::summary_table(npu, bench, table.pairs, nullptr);
        use_august_statistic_cells(table, npu, bench);
    }
    return table;
}

}  // namespace msprobe::first_diff
