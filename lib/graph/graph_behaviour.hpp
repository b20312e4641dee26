#pragma once
// Every choice in which msprobe's two graph commands differ, each named for
// what it does and read by the unit it concerns. The command line picks them
// (apps/msprobe: graph_command.cpp, graph_visualize_command.cpp); the graph
// job never learns which command was typed.
#include "graph/communication_matching.hpp"
#include "graph/graph_builder.hpp"
#include "graph/pair_comparison.hpp"
#include "graph/run_layout.hpp"
#include "graph/vis_db_writer.hpp"

namespace msprobe::graph {

// The defaults are what msprobe's graph (`-f pytorch graph -i input.json`) does.
struct GraphBehaviour {
    RunFolderRules run_folders;  // stray entries and proc<number> folders beside rank folders
    BuildRules build;            // dump_data_dir, unknown node names, recompute repair
    // Default matching also needs the items' dtypes and shapes equal, fuzzy matching their shapes.
    bool match_item_shapes = true;
    ComparisonRules comparison;  // index kind (and with it the legend), item verdicts
    // With strict_compat, a real-data compare indexes the API collections before the tensor metrics
    // exist, so every collection gets 0 (docs/compatibility.md).
    bool collections_indexed_first = true;
    CommunicationRules communication;  // send/recv links, which nodes are matched across ranks
    VisDbFormat database;              // tb_nodes' columns, float texts
    // The database takes the mode the umask gives a new file, not the staged file's 0640.
    bool database_mode_from_umask = false;
};

// What msprobe's graph does: GraphBehaviour's defaults.
GraphBehaviour graph_command_behaviour();
// What msprobe's graph_visualize (`-tp DIR [-gp DIR]`) does.
GraphBehaviour graph_visualize_behaviour();

}  // namespace msprobe::graph
