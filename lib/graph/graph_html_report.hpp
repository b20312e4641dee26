#pragma once
// graph --html: the self-contained report page of lib/html_report filled from
// the graphs. Each NPU graph is a section ("rank0", or "step1/rank0" when the
// run has several steps): its tree is the module tree in tb_nodes' node order,
// each node with its precision index and the colour of the mode's legend; its
// table lists the compared nodes (one row each, the precision index the chart's
// metric), levelled by the legend's buckets: the red one an error, the two
// before it a warning. The first error node is marked in the table, the chart
// and the tree.
#include <filesystem>
#include <optional>
#include <string>

#include "compare/compare_mode.hpp"
#include "graph/model_graph.hpp"
#include "graph/precision_index.hpp"
#include "html_report/html_report.hpp"
#include "html_report/report_target.hpp"
#include "report/output_file.hpp"

namespace msprobe::graph {

class GraphHtmlReport {
public:
    // Throws msprobe::Error naming `target` when it cannot be a report file, or is `run`'s output folder or a
    // path it reads (html_report::check_report_target).
    // `index`: what the compared nodes' indexes measure, which picks the legend.
    explicit GraphHtmlReport(std::filesystem::path target, IndexKind index = IndexKind::ModeMetric,
                             const html_report::RunPaths& run = {});

    // A build's graph as a section: its tree, uncoloured, and no table.
    void add_build(const ModelGraph& npu, const std::string& label);
    // A compare's NPU graph as a section; `mode`: nullopt for structure-only dumps (only unmatched nodes coloured).
    void add_compare(const ModelGraph& npu, std::optional<compare::CompareMode> mode, const std::string& label);
    // The page, staged among the run's files (it replaces a file of its name when committed).
    void stage(report::StagedFiles& staged);

private:
    // `compared`: a compare's graph, of `mode`.
    void add_section(const ModelGraph& npu, bool compared, std::optional<compare::CompareMode> mode,
                     const std::string& label);

    std::filesystem::path target_;
    IndexKind index_;
    html_report::HtmlReport report_;
};

}  // namespace msprobe::graph
