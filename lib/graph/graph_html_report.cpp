#include "graph/graph_html_report.hpp"

#include <vector>

#include "graph/graph_legend.hpp"
#include "graph/verdict_legend.hpp"
#include "html_report/report_target.hpp"
#include "report/cell.hpp"

namespace msprobe::graph {

namespace fs = std::filesystem;

namespace {

enum Column { kNpuName, kBenchName, kNodeType, kPrecisionIndex, kColour, kColumns };

html_report::TableLayout node_table_layout() {
    html_report::TableLayout layout;
    layout.columns = {"NPU Name", "Bench Name", "Node Type", "Precision Index", "Colour"};
    for (std::size_t c = 0; c < kColumns; ++c) layout.source.push_back(c);
    layout.metrics = {kPrecisionIndex};
    return layout;
}

const char* node_type_text(NodeKind kind) {
    switch (kind) {
        case NodeKind::Module: return "module";
        case NodeKind::Api: return "api";
        case NodeKind::ApiCollection: return "api collection";
    }
    return "";
}

// The legend's red bucket is an error, the two before it a warning (msprobe's legends have no levels).
html_report::Level level_of(std::string_view colour) {
    if (colour == kWorstColour) return html_report::Level::Error;
    if (colour == "#FFDC7F" || colour == "#FFC62E") return html_report::Level::Warning;
    return html_report::Level::Pass;
}

}  // namespace

GraphHtmlReport::GraphHtmlReport(fs::path target, IndexKind index, const html_report::RunPaths& run)
    : target_(std::move(target)),
      index_(index),
      report_("msprobe graph report", target_.has_parent_path() ? target_.parent_path() : fs::path(".")) {
    html_report::check_report_target(target_, run);
}

void GraphHtmlReport::add_build(const ModelGraph& npu, const std::string& label) {
    add_section(npu, false, std::nullopt, label);
}

void GraphHtmlReport::add_compare(const ModelGraph& npu, std::optional<compare::CompareMode> mode,
                                  const std::string& label) {
    add_section(npu, true, mode, label);
}

void GraphHtmlReport::add_section(const ModelGraph& npu, bool compared, std::optional<compare::CompareMode> mode,
                                  const std::string& label) {
    auto section = report_.open_section(label, node_table_layout());
    for (const GraphNode* node : npu.post_order()) {
        // Ids carry the section's label: every rank has a DefaultModel.
        html_report::TreeNode tree{label + "/" + node->id,
                                   node->parent ? label + "/" + node->parent->id : label,
                                   node->id,
                                   std::nullopt,
                                   "",
                                   std::nullopt};
        if (compared && !node->matched()) tree.colour = kUnmatchedColour;
        if (compared && node->precision) {
            const double index = node->precision->value;
            const std::string_view colour =
                index_ == IndexKind::Verdict ? verdict_legend_colour(mode, index) : legend_colour(mode, index);
            tree.colour = colour;
            // The page's index grows with the error.
            tree.precision = higher_index_is_better(mode, index_) ? 1 - index : index;
            if (!colour.empty()) {
                tree.level = level_of(colour);
                const std::vector<report::Cell> row = {node->id, node->matched() ? node->partner->id : "",
                                                       node_type_text(node->kind), index, std::string(colour)};
                section->add_row(*tree.level, row);
            }
        }
        section->add_node(tree);
    }
    section->add_node({label, "", label, std::nullopt, "", std::nullopt});
    report_.add(std::move(section));
}

void GraphHtmlReport::stage(report::StagedFiles& staged) { html_report::stage_report(report_, staged, target_); }

}  // namespace msprobe::graph
