#include "compare/verdict_table.hpp"

#include <fmt/format.h>

#include <memory>
#include <string_view>

#include "common/error.hpp"
#include "common/log.hpp"
#include "common/printable.hpp"
#include "compare/compare_mode.hpp"
#include "compare/dump_pair_reading.hpp"
#include "compare/fuzzy_compat.hpp"
#include "compare/matcher.hpp"
#include "compare/real_data_table.hpp"
#include "compare/row_cells.hpp"
#include "compare/shifted_fuzzy_pairs.hpp"
#include "compare/statistic_diff.hpp"
#include "compare/summary_table.hpp"
#include "compare/verdict_match_plan.hpp"
#include "compare/verdict_rules.hpp"

namespace msprobe::compare {

namespace {

using report::Cell;

// Marks the statistic cells that hold dump integers, from column `first` on.
void mark_integers(VerdictTable& table, std::size_t row, std::size_t first,
                   const std::array<dump::StatValue, 4>& stats) {
    for (std::size_t k = 0; k < 4; ++k) {
        if (stats[k].kind == dump::StatValue::Kind::Number && stats[k].integer) {
            table.integer_cells[row] |= std::uint64_t{1} << (first + k);
        }
    }
}

void mark_stat_integers(VerdictTable& table, const dump::DumpFile& npu, const dump::DumpFile& bench,
                        const std::vector<RowPair>& pairs) {
    const int npu_max = table.result.column("NPU max");
    const int bench_max = table.result.column("Bench max");
    table.integer_cells.assign(pairs.size(), 0);
    for (std::size_t r = 0; r < pairs.size(); ++r) {
        mark_integers(table, r, static_cast<std::size_t>(npu_max), npu.rows[pairs[r].npu].stats);
        if (const dump::DumpRow* b = bench_row(bench, pairs[r])) {
            mark_integers(table, r, static_cast<std::size_t>(bench_max), b->stats);
        }
    }
}

ResultTable verdict_md5_table(const dump::DumpFile& npu, const dump::DumpFile& bench, const std::vector<RowPair>& pairs,
                              const dump::StackFile* stack) {
    ResultTable result =
        start_table(CompareMode::Md5, npu, pairs,
                    {"NPU MD5", "BENCH MD5", "Requires_grad Consistent", "Result", "Err_message"}, stack != nullptr);
    for (const auto& pair : pairs) {
        const auto& n = npu.rows[pair.npu];
        const dump::DumpRow* b = bench_row(bench, pair);
        auto& cells = begin_row(result, n, b);
        cells.emplace_back(n.md5 ? *n.md5 : kNotApplicable);
        cells.emplace_back(b && b->md5 ? *b->md5 : kNotApplicable);
        cells.push_back(Cell::boolean(requires_grad_text(&n) == requires_grad_text(b)));
        cells.emplace_back();
        cells.emplace_back();
        if (stack) cells.push_back(stack_cell(npu, pair.npu, *stack));
    }
    return result;
}

// April's real-data table with August's verdict column in place of "Accuracy Reached or Not".
ResultTable verdict_real_data_table(const dump::DumpFile& npu, const dump::DumpFile& bench,
                                    const std::vector<RowPair>& pairs, const dump::StackFile* stack, ThreadPool& pool,
                                    const VerdictTableOptions& options) {
    require_tensor_dirs(npu, bench);
    RealDataOptions real;
    real.show_progress = options.show_progress;
    real.relative_epsilon = metrics::RelativeEpsilon::OfComputeType;
    real.shape_before_zero_dim = true;
    real.tensor_postprocess = options.tensor_postprocess;
    ResultTable result = real_data_table(npu, bench, pairs, stack, pool, real);
    const int verdict = result.column("Accuracy Reached or Not");
    result.table.header[static_cast<std::size_t>(verdict)] = "Result";
    return result;
}

}  // namespace

ResultTable statistics_diff_table(const dump::DumpFile& npu, const dump::DumpFile& bench,
                                  const std::vector<RowPair>& pairs, const dump::StackFile* stack) {
    ResultTable result = start_table(CompareMode::Summary, npu, pairs, statistics_headers(), stack != nullptr);
    for (const auto& pair : pairs) {
        const auto& n = npu.rows[pair.npu];
        const dump::DumpRow* b = bench_row(bench, pair);
        auto& cells = begin_row(result, n, b);
        std::array<StatisticDiff, 4> diffs;
        for (std::size_t k = 0; k < 4; ++k) diffs[k] = statistic_diff(n.stats[k], b ? &b->stats[k] : nullptr);
        for (const auto& d : diffs) cells.emplace_back(d.diff);
        for (const auto& d : diffs) cells.emplace_back(d.relative);
        append_statistic_cells(cells, n, b);
        cells.push_back(Cell::boolean(requires_grad_text(&n) == requires_grad_text(b)));
        cells.emplace_back();  // Result and Err_message: the rules fill them
        cells.emplace_back();
        if (stack) cells.push_back(stack_cell(npu, pair.npu, *stack));
    }
    return result;
}

VerdictTable verdict_table(const dump::DumpFile& npu, const dump::DumpFile& bench, const dump::StackFile* stack,
                           ThreadPool& pool, const VerdictTableOptions& options) {
    // msprobe's MindSpore compare ignores the training-vs-inference request: a MindSpore target runs the ordinary one.
    if (options.training_inference && !dump::is_mindspore_framework(npu.framework)) {
        VerdictTable table;
        const TrainingInferenceRun run{*options.training_inference, options.strict_compat, options.show_progress,
                                       options.tensor_postprocess};
        table.result = training_inference_table(npu, bench, stack, pool, run);
        table.integer_cells.assign(table.result.table.rows.size(), 0);  // msprobe reads every number back as a float
        return table;
    }
    const CompareMode mode = detect_mode(npu, bench);
    VerdictMatch match = verdict_match_plan(npu, bench, options);
    const MatchPlan& plan = match.plan;
    const bool shifted = options.strict_compat && plan.strategy == MatchStrategy::Fuzzy && mode != CompareMode::All;
    const auto pairs = shifted ? shifted_fuzzy_pairs(npu, bench, plan, mode) : match_rows(npu, bench, plan);
    VerdictTable table;
    switch (mode) {
        case CompareMode::Summary: table.result = statistics_diff_table(npu, bench, pairs, stack); break;
        case CompareMode::Md5: table.result = verdict_md5_table(npu, bench, pairs, stack); break;
        case CompareMode::All: table.result = verdict_real_data_table(npu, bench, pairs, stack, pool, options); break;
    }
    if (table.result.mode == CompareMode::Md5) {
        table.integer_cells.assign(pairs.size(), 0);
    } else {
        mark_stat_integers(table, npu, bench, pairs);
    }
    if (shifted) apply_shifted_fuzzy_cells(table.result, pairs, bench);
    VerdictRuleOptions rules;
    rules.strict_compat = options.strict_compat;
    apply_verdict_rules(table.result, rules);
    if (shifted) apply_shifted_md5_verdicts(table.result, pairs);
    table.result.generated_mapping_yaml = std::move(match.generated_mapping_yaml);
    return table;
}

PairInputs read_pair_inputs(const std::filesystem::path& npu_json, const std::filesystem::path& bench_json,
                            ThreadPool& pool, bool show_progress) {
    auto [npu, bench] = read_dump_files(npu_json, bench_json, pool, show_progress);
    PairInputs inputs{std::move(npu), std::move(bench), nullptr};
    const auto stack_json = npu_json.parent_path() / "stack.json";
    std::error_code ec;
    if (std::filesystem::is_regular_file(stack_json, ec)) {
        inputs.stack = std::make_shared<const dump::StackFile>(dump::StackFile::load(stack_json));
    } else {
        log::warning(
            fmt::format("stack.json is not found in dump dir {}.", printable(npu_json.parent_path().string())));
    }
    return inputs;
}

VerdictTable compare_verdict_pair(const std::filesystem::path& npu_json, const std::filesystem::path& bench_json,
                                  ThreadPool& pool, const VerdictTableOptions& options) {
    const PairInputs inputs = read_pair_inputs(npu_json, bench_json, pool);
    VerdictTable table = verdict_table(inputs.npu, inputs.bench, inputs.stack.get(), pool, options);
    table.result.stack = inputs.stack;
    return table;
}

}  // namespace msprobe::compare
