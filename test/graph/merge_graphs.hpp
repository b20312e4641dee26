#pragma once
// Graphs built by hand for the parallel-merge tests: nodes under given
// parents, each with one input and one output item of float32 statistics.
#include <string>

#include "graph/model_graph.hpp"

namespace msprobe::testing {

struct ItemStats {
    double max = 0;
    double min = 0;
    double mean = 0;
    double norm = 0;
};

inline graph::PortItem stat_port_item(const std::string& key, const ItemStats& s) {
    dump::DumpRow row;
    row.name = key;
    row.dtype = "torch.float32";
    row.shape = "[2]";
    row.stats = {dump::StatValue::of_number(s.max), dump::StatValue::of_number(s.min),
                 dump::StatValue::of_number(s.mean), dump::StatValue::of_number(s.norm)};
    row.state = key.find(".output.") != std::string::npos ? dump::RowState::Output : dump::RowState::Input;
    graph::PortItem item;
    item.set_row(row);
    return item;
}

// A node `id` of `graph` under `parent`, made by rank `rank`, with `id`.input.0 and `id`.output.0.
inline graph::GraphNode& add_stat_node(graph::ModelGraph& graph, graph::GraphNode& parent, const std::string& id,
                                       graph::NodeKind kind, int rank, const ItemStats& input,
                                       const ItemStats& output) {
    graph::GraphNode& node = graph.add(id, kind);
    node.rank = rank;
    node.has_record = true;
    node.inputs.push_back(stat_port_item(id + ".input.0", input));
    node.outputs.push_back(stat_port_item(id + ".output.0", output));
    graph::attach(node, parent);
    return node;
}

}  // namespace msprobe::testing
