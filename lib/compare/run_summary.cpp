#include "compare/run_summary.hpp"

#include <fmt/format.h>

#include "dump/stack_file.hpp"

namespace msprobe::compare {

namespace {

template <class Field>
std::size_t total(const CompareSummary& summary, Field field) {
    std::size_t sum = 0;
    for (const auto& pair : summary.pairs) sum += pair.*field;
    return sum;
}

std::vector<SummaryCount> level_counts(std::size_t passed, std::size_t warnings, std::size_t errors,
                                       std::size_t unjudged) {
    std::vector<SummaryCount> counts{{passed, "pass"}, {warnings, "warning"}, {errors, "error"}};
    if (unjudged > 0) counts.push_back({unjudged, "not judged"});
    return counts;
}

}  // namespace

std::size_t CompareSummary::rows() const { return total(*this, &PairOutcome::rows); }
std::size_t CompareSummary::warnings() const { return total(*this, &PairOutcome::warnings); }
std::size_t CompareSummary::errors() const { return total(*this, &PairOutcome::errors); }

std::vector<std::filesystem::path> CompareSummary::written() const {
    std::vector<std::filesystem::path> all;
    for (const auto& pair : pairs) all.insert(all.end(), pair.written.begin(), pair.written.end());
    return all;
}

std::string api_model_frame(const dump::StackFile& stack, const std::string& api) {
    auto frames = stack.stack_lines(api);
    // Backward entries carry no stack of their own; their forward call is where the user looks.
    if (const auto at = api.rfind(".backward"); !frames && at != std::string::npos) {
        frames = stack.stack_lines(std::string(api).replace(at, 9, ".forward"));
    }
    return frames ? model_frame(*frames) : std::string();
}

void OutcomeTally::add(const ResultTable& part, const std::vector<RowVerdict>& verdicts) {
    counts_.rows += verdicts.size();
    for (std::size_t row = 0; row < verdicts.size(); ++row) {
        std::optional<Candidate>* first = nullptr;
        switch (verdicts[row].level) {
            case RowLevel::Pass: ++counts_.passed; break;
            case RowLevel::Warning:
                ++counts_.warnings;
                first = &first_warning_;
                break;
            case RowLevel::Error:
                ++counts_.errors;
                first = &first_error_;
                break;
        }
        if (first == nullptr || first->has_value()) continue;
        const auto& name_cell = part.table.rows[row][0];
        Candidate candidate;
        candidate.problem.npu_name = name_cell.is_text() ? name_cell.text() : std::string();
        candidate.problem.level = verdicts[row].level;
        candidate.problem.reasons = verdicts[row].reasons;
        candidate.api = part.api_of(row);
        *first = std::move(candidate);
    }
}

PairOutcome OutcomeTally::finish(std::string label, const std::shared_ptr<const dump::StackFile>& stack_read,
                                 const std::filesystem::path& stack_json) {
    PairOutcome outcome = counts_;
    outcome.label = std::move(label);
    auto& problem = first_error_ ? first_error_ : first_warning_;
    if (!problem) return outcome;
    std::shared_ptr<const dump::StackFile> stack = stack_read;
    if (!stack && !stack_json.empty()) {
        try {
            stack = std::make_shared<const dump::StackFile>(dump::StackFile::load(stack_json));
        } catch (const std::exception&) {
            // The stack only decorates the summary; a broken stack.json was reported elsewhere if it mattered.
        }
    }
    if (stack) problem->problem.stack_frame = api_model_frame(*stack, problem->api);
    outcome.first_problem = std::move(problem->problem);
    return outcome;
}

PairOutcome summarize_pair(std::string label, const ResultTable& result, const std::vector<RowVerdict>& verdicts,
                           const std::filesystem::path& stack_json) {
    OutcomeTally tally;
    tally.add(result, verdicts);
    return tally.finish(std::move(label), result.stack, stack_json);
}

RunSummary run_summary(const CompareSummary& summary) {
    RunSummary run;
    run.verb = "Compared";
    run.total = {summary.rows(), "rows"};
    run.counts = level_counts(total(summary, &PairOutcome::passed), summary.warnings(), summary.errors(),
                              total(summary, &PairOutcome::unjudged));
    for (const auto& pair : summary.pairs) {
        run.parts.push_back({pair.label,
                             {pair.rows, "rows"},
                             level_counts(pair.passed, pair.warnings, pair.errors, pair.unjudged),
                             {}});
    }
    const PairOutcome* first = nullptr;
    for (const auto& pair : summary.pairs) {
        if (!pair.first_problem) continue;
        const bool better =
            !first || (pair.first_problem->level == RowLevel::Error && first->first_problem->level != RowLevel::Error);
        if (better) first = &pair;
    }
    if (first) {
        const auto& problem = *first->first_problem;
        std::string reasons;
        for (const auto& r : problem.reasons) reasons += (reasons.empty() ? "" : "; ") + r;
        run.first_problem = SummaryProblem{std::string(level_name(problem.level)), problem.npu_name, first->label,
                                           reasons, problem.stack_frame};
    }
    if (summary.failed_ranks > 0) {
        run.notes.push_back(fmt::format("{} rank(s) could not be compared.", summary.failed_ranks));
    }
    run.written = summary.written();
    return run;
}

}  // namespace msprobe::compare
