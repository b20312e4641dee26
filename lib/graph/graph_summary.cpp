#include "graph/graph_summary.hpp"

#include <fmt/format.h>

#include "graph/graph_legend.hpp"
#include "graph/verdict_legend.hpp"

namespace msprobe::graph {

namespace {

// The legend's buckets, best first, so that the counts read in the legend's order whatever the nodes' order.
constexpr std::string_view kLegendOrder[] = {"#FFFCF3", "#FFEDBE", "#FFDC7F", "#FFC62E", kWorstColour};

std::string_view verdict_level(std::string_view colour) {
    if (colour == "#FFFCF3") return "pass";
    if (colour == "#FFDC7F") return "warning";
    return "error";
}

}  // namespace

std::string GraphSummary::colour_name(std::optional<compare::CompareMode> mode, double index) const {
    if (index_ == IndexKind::Verdict) return std::string(verdict_level(verdict_legend_colour(mode, index)));
    return std::string(legend_colour(mode, index));
}

void GraphSummary::add(const ExportedGraphs& graphs, const std::string& label) {
    const auto nodes = graphs.npu->post_order();
    nodes_ += nodes.size();
    SummaryPart part{label, {nodes.size(), "nodes"}, {}, {}};
    if (graphs.bench == nullptr) {
        parts_.push_back(std::move(part));
        return;
    }
    compared_ = true;
    if (!mode_) mode_ = graphs.mode;
    std::map<std::string, std::size_t> counts;
    std::size_t unmatched = 0;
    for (const GraphNode* node : nodes) {
        if (!node->matched()) ++unmatched;
        // A matched node the compare gave no index (nothing of its own to compare) takes no colour.
        if (!node->matched() || !node->precision) continue;
        const std::string colour = colour_name(graphs.mode, node->precision->value);
        if (colour.empty()) continue;  // a structure compare colours nothing
        ++counts[colour];
    }
    // The graph's order is the order the dump called its nodes: the first worst one is where to look.
    const std::string worst = index_ == IndexKind::Verdict ? std::string("error") : std::string(kWorstColour);
    for (const auto& node : graphs.npu->nodes()) {
        if (first_worst_ || node->kind != NodeKind::Api || !node->matched() || !node->precision) continue;
        if (colour_name(graphs.mode, node->precision->value) != worst) continue;
        first_worst_ = SummaryProblem{index_ == IndexKind::Verdict ? "error" : "node of the worst colour", node->id,
                                      label, fmt::format("precision index {}", node->precision->value),
                                      node->stack != nullptr ? model_frame(*node->stack) : std::string()};
    }
    for (const auto& [colour, count] : counts) by_colour_[colour] += count;
    unmatched_ += unmatched;
    part.counts = ordered(counts, unmatched);
    parts_.push_back(std::move(part));
}

std::vector<SummaryCount> GraphSummary::ordered(const std::map<std::string, std::size_t>& by_colour,
                                                std::size_t unmatched) const {
    std::vector<SummaryCount> counts;
    if (index_ == IndexKind::Verdict) {
        // Every level, met or not: "0 error" is the answer a compare is run for.
        for (const char* level : {"pass", "warning", "error"}) {
            const auto at = by_colour.find(level);
            counts.push_back({at == by_colour.end() ? 0 : at->second, level});
        }
    } else {
        for (const std::string_view colour : kLegendOrder) {
            if (const auto at = by_colour.find(std::string(colour)); at != by_colour.end()) {
                counts.push_back({at->second, legend_label(mode_, at->first)});
            }
        }
    }
    counts.push_back({unmatched, "unmatched"});
    return counts;
}

RunSummary GraphSummary::summary(std::vector<std::filesystem::path> written) const {
    RunSummary run;
    run.verb = compared_ ? "Compared" : "Built";
    run.total = {nodes_, fmt::format("nodes in {} graph(s)", parts_.size())};
    if (compared_) run.counts = ordered(by_colour_, unmatched_);
    run.parts = parts_;
    run.first_problem = first_worst_;
    run.written = std::move(written);
    return run;
}

}  // namespace msprobe::graph
