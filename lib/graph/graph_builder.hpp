#pragma once
// Builds the module tree of one rank folder (construct walk, backward-parent
// repair, port items, stacks), then repairs recomputed layers, groups
// top-level APIs into collections and adds parameter-gradient nodes.
#include "graph/model_graph.hpp"
#include "graph/rank_folder.hpp"

namespace msprobe::graph {

// `strict_compat` reproduces msprobe's name rewrites and output test (docs/compatibility.md);
// `august` builds as graph_visualize does (dump_data_dir, recompute repair).
// Throws msprobe::Error naming dump.json on records of the wrong shape. The
// folder's records move into the graph's nodes.
ModelGraph build_graph(RankFolder& folder, bool strict_compat, bool august = false);

}  // namespace msprobe::graph
