#include "first_diff/diff_screen.hpp"

#include <fmt/format.h>

#include "common/printable.hpp"
#include "compare/run_summary.hpp"
#include "dump/json_file.hpp"

namespace msprobe::first_diff {

namespace {

void add_verdicts(const DiffAnalyzeSummary& summary, std::vector<RankVerdict>& verdicts) {
    std::optional<dump::JsonFile> report;
    if (summary.report) report.emplace(dump::JsonFile::load(*summary.report));
    for (const auto& rank : summary.ranks) {
        RankVerdict verdict{summary.step.empty() ? rank.name : summary.step + "/" + rank.name, std::nullopt, {}};
        // Ties of one rank are listed in search order: the first is the one to look at.
        const dump::JsonView first =
            report ? dump::JsonView(report->root()).member(fmt::format("rank_{}", rank.rank)).item(0)
                   : dump::JsonView();
        if (first) {
            verdict.first_api = std::string(first.member("op_name").text());
            std::vector<std::string> frames;
            for (const dump::JsonView frame : first.member("stack_info").items()) frames.emplace_back(frame.text());
            verdict.stack_frame = compare::model_frame(frames);
        }
        verdicts.push_back(std::move(verdict));
    }
}

}  // namespace

std::vector<RankVerdict> rank_verdicts(const std::vector<DiffAnalyzeSummary>& steps) {
    std::vector<RankVerdict> verdicts;
    for (const auto& summary : steps) add_verdicts(summary, verdicts);
    return verdicts;
}

std::string diff_screen_text(const std::vector<RankVerdict>& verdicts, const std::vector<DiffAnalyzeSummary>& steps) {
    std::size_t differing = 0;
    for (const auto& v : verdicts) differing += v.first_api ? 1 : 0;
    const std::string in_steps = steps.size() > 1 || (!steps.empty() && !steps.front().step.empty())
                                     ? fmt::format(" in {} step(s)", steps.size())
                                     : std::string();
    std::string text = fmt::format("Analysed {} rank(s){}: {}.\n", verdicts.size(), in_steps,
                                   differing == 0 ? std::string("no difference found")
                                                  : fmt::format("first difference at {} rank(s)", differing));
    for (const auto& v : verdicts) {
        text +=
            fmt::format("  {}: {}\n", printable(v.rank_name), v.first_api ? printable(*v.first_api) : "no difference");
        if (!v.stack_frame.empty()) text += fmt::format("    at {}\n", printable(v.stack_frame));
    }
    text += "Written:\n";
    for (const auto& summary : steps) {
        for (const auto& file : summary.written) text += fmt::format("  {}\n", printable(file.string()));
    }
    return text;
}

}  // namespace msprobe::first_diff
