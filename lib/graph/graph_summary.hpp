#pragma once
// What a graph run built and how its compare judged the nodes, for the run's
// summary: nodes per graph, the NPU nodes counted by the legend colour their
// precision index takes (pass / warning / error for verdict indexes), the
// first node of the worst colour in the graph's order with its model frame,
// and the files written.
#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/run_summary.hpp"
#include "graph/parallel_merge_job.hpp"
#include "graph/precision_index.hpp"

namespace msprobe::graph {

class GraphSummary {
public:
    explicit GraphSummary(IndexKind index) : index_(index) {}

    // One exported graph (with its bench side in a compare), named `label` ("rank0", "step1/rank0").
    void add(const ExportedGraphs& graphs, const std::string& label);

    RunSummary summary(std::vector<std::filesystem::path> written) const;

private:
    // The colour's name on the screen: a verdict bucket's level, else the colour itself.
    std::string colour_name(std::optional<compare::CompareMode> mode, double index) const;

    IndexKind index_;
    bool compared_ = false;
    std::optional<compare::CompareMode> mode_;  // the compare's mode, which names the legend's colours
    std::size_t nodes_ = 0;
    // The counts of `by_colour` in the legend's order (pass, warning, error for verdicts), named by what each
    // colour stands for (legend_label), then the unmatched.
    std::vector<SummaryCount> ordered(const std::map<std::string, std::size_t>& by_colour, std::size_t unmatched) const;

    std::map<std::string, std::size_t> by_colour_;
    std::size_t unmatched_ = 0;
    std::vector<SummaryPart> parts_;
    std::optional<SummaryProblem> first_worst_;
};

}  // namespace msprobe::graph
