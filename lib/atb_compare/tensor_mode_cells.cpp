#include "atb_compare/tensor_mode_cells.hpp"

#include <fmt/format.h>

#include <atomic>
#include <optional>
#include <set>

#include "atb_compare/atb_tensor_file.hpp"
#include "atb_compare/pair_metrics.hpp"
#include "atb_compare/tensor_statistics.hpp"
#include "common/error.hpp"
#include "common/log.hpp"
#include "common/progress.hpp"

namespace msprobe::atb {

namespace {

struct RowOutcome {
    TensorModeCells cells;
    std::optional<Error> refusal;
    std::vector<std::string> unsupported;  // files of a dtype msprobe does not read
};

RowOutcome row_outcome(const MatchedRow& row, const TensorRules& rules, ThreadPool& pool) {
    RowOutcome outcome;
    const AtbTensorFile target = read_atb_tensor_file(row.target->tensor_path);
    const AtbTensorFile golden = read_atb_tensor_file(row.golden->tensor_path);
    for (const auto* file : {&target, &golden}) {
        if (file->damage && rules.refuse_damaged_files) {
            outcome.refusal.emplace(file->path, *file->damage);
            return outcome;
        }
        if (file->unsupported_dtype) {
            outcome.unsupported.push_back(fmt::format(
                "{}: dtype {} is none msprobe compares (0 float32, 1 float16, 2 int8, 3 int32, 9 int64, 12 bool, "
                "27 bfloat16); its row's cells read N/A",
                file->path, *file->unsupported_dtype));
        }
    }
    outcome.cells.target_statistics = tensor_statistics(target);
    outcome.cells.golden_statistics = tensor_statistics(golden);
    outcome.cells.metrics.fill(std::string(kNotApplicable));
    if (!target.readable() || !golden.readable()) return outcome;
    if (!rules.compare_zero_dim_pairs && target.view.shape.empty() && golden.view.shape.empty()) {
        outcome.refusal.emplace(target.path,
                                "a 0-d tensor (no dims line) against a 0-d golden tensor: msprobe's "
                                "compare ends here (TypeError: len() of unsized object)");
        return outcome;
    }
    outcome.cells.metrics = pair_metrics(target.view, golden.view, pool);
    return outcome;
}

}  // namespace

std::vector<TensorModeCells> tensor_mode_cells(const std::vector<MatchedRow>& rows, const TensorRules& rules,
                                               ThreadPool& pool, bool show_progress) {
    std::vector<RowOutcome> outcomes(rows.size());
    Progress progress("Comparing tensors", static_cast<std::int64_t>(rows.size()), show_progress, "rows");
    // Rows after the first refused one need not be read: that one ends the run.
    std::atomic<std::size_t> first_refused = rows.size();
    pool.parallel_for(static_cast<std::int64_t>(rows.size()), [&](std::int64_t i) {
        const auto index = static_cast<std::size_t>(i);
        if (index > first_refused.load()) return;
        outcomes[index] = row_outcome(rows[index], rules, pool);
        progress.advance();
        if (!outcomes[index].refusal) return;
        std::size_t seen = first_refused.load();
        while (index < seen && !first_refused.compare_exchange_weak(seen, index)) {}
    });
    if (first_refused.load() < rows.size()) throw *outcomes[first_refused.load()].refusal;
    std::set<std::string> warned;
    std::vector<TensorModeCells> cells;
    cells.reserve(rows.size());
    for (auto& outcome : outcomes) {
        for (const auto& warning : outcome.unsupported) {
            if (warned.insert(warning).second) log::warning(warning);
        }
        cells.push_back(std::move(outcome.cells));
    }
    return cells;
}

}  // namespace msprobe::atb
