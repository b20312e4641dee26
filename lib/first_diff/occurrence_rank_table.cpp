#include "first_diff/occurrence_rank_table.hpp"

#include <limits>

#include "compare/occurrence_keys.hpp"
#include "compare/verdict_table.hpp"
#include "compare/compare_mode.hpp"
#include "compare/summary_table.hpp"

namespace msprobe::first_diff {

namespace {

using report::Cell;

// -da writes no verdicts: Result and Err_message are empty texts.
void clear_verdicts(compare::ResultTable& result) {
    const auto verdict = static_cast<std::size_t>(result.column("Result"));
    const auto message = static_cast<std::size_t>(result.column("Err_message"));
    for (auto& cells : result.table.rows) {
        cells[verdict] = Cell("");
        cells[message] = Cell("");
    }
}

}  // namespace

RankTable occurrence_rank_table(const dump::DumpFile& npu, const dump::DumpFile& bench) {
    compare::MatchPlan plan;
    plan.strategy = compare::MatchStrategy::KeyThenDtype;
    plan.npu_keys = compare::occurrence_compare_keys(npu);
    plan.bench_keys = compare::occurrence_compare_keys(bench);
    RankTable table;
    table.pairs = compare::match_rows(npu, bench, plan);
    if (compare::detect_mode(npu, bench) == compare::CompareMode::Md5) {
        table.result = compare::md5_table(npu, bench, table.pairs, nullptr);
        // August's md5 table gained an Err_message column, which -da never fills.
        table.result.table.header.emplace_back("Err_message");
        for (auto& cells : table.result.table.rows) cells.emplace_back(std::numeric_limits<double>::quiet_NaN());
    } else {
        table.result = compare::statistics_diff_table(npu, bench, table.pairs, nullptr);
        clear_verdicts(table.result);
    }
    return table;
}

}  // namespace msprobe::first_diff
