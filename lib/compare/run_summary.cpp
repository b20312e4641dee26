#include "compare/run_summary.hpp"

#include <fmt/format.h>

#include "common/printable.hpp"
#include "dump/stack_file.hpp"

namespace msprobe::compare {

namespace {

template <class Field>
std::size_t total(const CompareSummary& summary, Field field) {
    std::size_t sum = 0;
    for (const auto& pair : summary.pairs) sum += pair.*field;
    return sum;
}

// "File /a/b.py, line 3, in f, \n x = g(y)" → "File /a/b.py, line 3, in f: x = g(y)"
std::string one_line(std::string frame) {
    const std::string_view separator = ", \n ";
    if (auto at = frame.find(separator); at != std::string::npos) frame.replace(at, separator.size(), ": ");
    for (char& c : frame) {
        if (c == '\n') c = ' ';
    }
    return frame;
}

std::string counts_text(std::size_t rows, std::size_t passed, std::size_t warnings, std::size_t errors,
                        std::size_t unjudged) {
    std::string text = fmt::format("{} rows: {} pass, {} warning, {} error", rows, passed, warnings, errors);
    if (unjudged > 0) text += fmt::format(", {} not judged", unjudged);
    return text;
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

std::string model_frame(const std::vector<std::string>& frames) {
    for (const auto& frame : frames) {
        if (frame.find("/site-packages/") == std::string::npos && frame.find("/dist-packages/") == std::string::npos) {
            return one_line(frame);
        }
    }
    return frames.empty() ? std::string() : one_line(frames.front());
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
    if (stack) {
        const std::string& api = problem->api;
        auto frames = stack->stack_lines(api);
        // Backward entries carry no stack of their own; their forward call is where the user looks.
        if (const auto at = api.rfind(".backward"); !frames && at != std::string::npos) {
            frames = stack->stack_lines(std::string(api).replace(at, 9, ".forward"));
        }
        if (frames) problem->problem.stack_frame = model_frame(*frames);
    }
    outcome.first_problem = std::move(problem->problem);
    return outcome;
}

PairOutcome summarize_pair(std::string label, const ResultTable& result, const std::vector<RowVerdict>& verdicts,
                           const std::filesystem::path& stack_json) {
    OutcomeTally tally;
    tally.add(result, verdicts);
    return tally.finish(std::move(label), result.stack, stack_json);
}

std::string summary_text(const CompareSummary& summary) {
    std::string text =
        fmt::format("Compared {}.\n", counts_text(summary.rows(), total(summary, &PairOutcome::passed),
                                                  summary.warnings(), summary.errors(),
                                                  total(summary, &PairOutcome::unjudged)));
    if (summary.pairs.size() > 1) {
        for (const auto& pair : summary.pairs) {
            text += fmt::format("  {}: {}\n", printable(pair.label),
                                counts_text(pair.rows, pair.passed, pair.warnings, pair.errors, pair.unjudged));
        }
    }
    const PairOutcome* first = nullptr;
    for (const auto& pair : summary.pairs) {
        if (!pair.first_problem) continue;
        const bool better = !first || (pair.first_problem->level == RowLevel::Error &&
                                       first->first_problem->level != RowLevel::Error);
        if (better) first = &pair;
    }
    if (first) {
        const auto& problem = *first->first_problem;
        std::string reasons;
        for (const auto& r : problem.reasons) reasons += (reasons.empty() ? "" : "; ") + r;
        // Names, frames and paths come from the user's files: one line each, whatever they hold.
        text += fmt::format("First {}: {}{}: {}\n", level_name(problem.level), printable(problem.npu_name),
                            first->label.empty() ? "" : " (" + printable(first->label) + ")", reasons);
        if (!problem.stack_frame.empty()) text += fmt::format("  at {}\n", printable(problem.stack_frame));
    }
    if (summary.failed_ranks > 0) text += fmt::format("{} rank(s) could not be compared.\n", summary.failed_ranks);
    if (const auto written = summary.written(); !written.empty()) {
        text += "Written:\n";
        for (const auto& path : written) text += fmt::format("  {}\n", printable(path.string()));
    }
    return text;
}

}  // namespace msprobe::compare
