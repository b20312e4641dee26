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

std::string counts_text(std::size_t rows, std::size_t passed, std::size_t warnings, std::size_t errors) {
    return fmt::format("{} rows: {} pass, {} warning, {} error", rows, passed, warnings, errors);
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

PairOutcome summarize_pair(std::string label, const ResultTable& result, const std::vector<RowVerdict>& verdicts,
                           const std::filesystem::path& stack_json) {
    PairOutcome outcome;
    outcome.label = std::move(label);
    outcome.rows = verdicts.size();
    std::optional<std::size_t> first_error, first_warning;
    for (std::size_t row = 0; row < verdicts.size(); ++row) {
        switch (verdicts[row].level) {
            case RowLevel::Pass: ++outcome.passed; break;
            case RowLevel::Warning:
                ++outcome.warnings;
                if (!first_warning) first_warning = row;
                break;
            case RowLevel::Error:
                ++outcome.errors;
                if (!first_error) first_error = row;
                break;
        }
    }
    const auto problem = first_error ? first_error : first_warning;
    if (!problem) return outcome;
    FirstProblem first;
    const auto& name_cell = result.table.rows[*problem][0];
    first.npu_name = name_cell.is_text() ? name_cell.text() : std::string();
    first.level = verdicts[*problem].level;
    first.reasons = verdicts[*problem].reasons;
    std::shared_ptr<const dump::StackFile> stack = result.stack;
    if (!stack && !stack_json.empty()) {
        try {
            stack = std::make_shared<const dump::StackFile>(dump::StackFile::load(stack_json));
        } catch (const std::exception&) {
            // The stack only decorates the summary; a broken stack.json was reported elsewhere if it mattered.
        }
    }
    if (stack) {
        const std::string& api = result.api_of(*problem);
        auto frames = stack->stack_lines(api);
        // Backward entries carry no stack of their own; their forward call is where the user looks.
        if (const auto at = api.rfind(".backward"); !frames && at != std::string::npos) {
            frames = stack->stack_lines(std::string(api).replace(at, 9, ".forward"));
        }
        if (frames) first.stack_frame = model_frame(*frames);
    }
    outcome.first_problem = std::move(first);
    return outcome;
}

bool fails(const CompareSummary& summary, FailOn fail_on) {
    switch (fail_on) {
        case FailOn::Never: return false;
        case FailOn::Error: return summary.errors() > 0;
        case FailOn::Warning: break;
    }
    return summary.errors() + summary.warnings() > 0;
}

std::string summary_text(const CompareSummary& summary) {
    std::string text = fmt::format("Compared {}.\n", counts_text(summary.rows(), total(summary, &PairOutcome::passed),
                                                                 summary.warnings(), summary.errors()));
    if (summary.pairs.size() > 1) {
        for (const auto& pair : summary.pairs) {
            text += fmt::format("  {}: {}\n", printable(pair.label), counts_text(pair.rows, pair.passed, pair.warnings, pair.errors));
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
