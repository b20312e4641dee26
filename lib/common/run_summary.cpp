#include "common/run_summary.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/printable.hpp"

namespace msprobe {

namespace {

// A run that writes thousands of files (converted tensors) names the first few; the log names every one.
constexpr std::size_t kListedFiles = 20;

// "File /a/b.py, line 3, in f, \n x = g(y)" → "File /a/b.py, line 3, in f: x = g(y)"
std::string one_line(std::string frame) {
    const std::string_view separator = ", \n ";
    if (auto at = frame.find(separator); at != std::string::npos) frame.replace(at, separator.size(), ": ");
    for (char& c : frame) {
        if (c == '\n') c = ' ';
    }
    return frame;
}

// "44 rows: 18 pass, 0 warning, 26 error" (or "44 rows" with nothing split out).
std::string counts_text(const SummaryCount& total, const std::vector<SummaryCount>& counts) {
    std::string text = fmt::format("{} {}", total.value, printable(total.what));
    for (std::size_t i = 0; i < counts.size(); ++i) {
        text += fmt::format("{}{} {}", i == 0 ? ": " : ", ", counts[i].value, printable(counts[i].what));
    }
    return text;
}

}  // namespace

std::string summary_text(const RunSummary& summary) {
    std::string text = fmt::format("{} {}.\n", summary.verb, counts_text(summary.total, summary.counts));
    if (summary.parts.size() > 1) {
        for (const auto& part : summary.parts) {
            const std::string said = part.outcome.empty() ? counts_text(part.total, part.counts) : part.outcome;
            text += fmt::format("  {}: {}\n", printable(part.label), printable(said));
        }
    }
    if (const auto& problem = summary.first_problem) {
        text += fmt::format("First {}: {}", problem->kind, printable(problem->name));
        if (!problem->part.empty()) text += fmt::format(" ({})", printable(problem->part));
        if (!problem->detail.empty()) text += ": " + printable(problem->detail);
        text += '\n';
        if (!problem->model_line.empty()) text += fmt::format("  at {}\n", printable(problem->model_line));
    }
    for (const auto& note : summary.notes) text += printable(note) + '\n';
    if (!summary.written.empty()) {
        text += "Written:\n";
        const std::size_t listed = std::min(summary.written.size(), kListedFiles);
        for (std::size_t i = 0; i < listed; ++i) text += fmt::format("  {}\n", printable(summary.written[i].string()));
        if (listed < summary.written.size())
            text += fmt::format("  ... and {} more\n", summary.written.size() - listed);
    } else if (summary.says_nothing_written) {
        text += "No file written.\n";
    }
    return text;
}

std::string model_frame(const std::vector<std::string>& frames) {
    for (const auto& frame : frames) {
        if (frame.find("/site-packages/") == std::string::npos && frame.find("/dist-packages/") == std::string::npos) {
            return one_line(frame);
        }
    }
    return frames.empty() ? std::string() : one_line(frames.front());
}

}  // namespace msprobe
