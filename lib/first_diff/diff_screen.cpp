#include "first_diff/diff_screen.hpp"

#include <fmt/format.h>

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
            verdict.stack_frame = model_frame(frames);
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

RunSummary diff_run_summary(const std::vector<RankVerdict>& verdicts, const std::vector<DiffAnalyzeSummary>& steps) {
    RunSummary run;
    run.verb = "Analysed";
    const bool in_steps = steps.size() > 1 || (!steps.empty() && !steps.front().step.empty());
    run.total = {verdicts.size(), in_steps ? fmt::format("rank(s) in {} step(s)", steps.size()) : "rank(s)"};
    std::size_t differing = 0;
    for (const auto& v : verdicts) {
        if (v.first_api) {
            ++differing;
            if (!run.first_problem)
                run.first_problem = SummaryProblem{"difference", *v.first_api, v.rank_name, "", v.stack_frame};
        }
        SummaryPart part;
        part.label = v.rank_name;
        part.outcome = v.first_api ? *v.first_api : "no difference";
        run.parts.push_back(std::move(part));
    }
    run.counts = {{differing, "with a difference"}, {verdicts.size() - differing, "without"}};
    for (const auto& summary : steps)
        run.written.insert(run.written.end(), summary.written.begin(), summary.written.end());
    return run;
}

}  // namespace msprobe::first_diff
