#pragma once
// Builds the module tree of one rank folder (construct walk, backward-parent
// repair, port items, stacks), then repairs recomputed layers, groups
// top-level APIs into collections and adds parameter-gradient nodes.
#include "common/log.hpp"
#include "graph/dump_data_dir.hpp"
#include "graph/model_graph.hpp"
#include "graph/node_kind.hpp"
#include "graph/rank_folder.hpp"
#include "graph/recompute_repair.hpp"

namespace msprobe::graph {

// Where msprobe's two graph commands build differently; the defaults are its graph's.
struct BuildRules {
    DumpDataDirRule dump_data_dir = DumpDataDirRule::AsRecorded;
    KnownNames known_names = KnownNames::Patterns;
    log::Level unknown_name_level = log::Level::Warning;  // the line about a name no pattern knows
    RecomputeRules recompute;
};

// `strict_compat` reproduces msprobe's name rewrites and output test (docs/compatibility.md).
// Throws msprobe::Error naming dump.json on records of the wrong shape. The
// folder's records move into the graph's nodes; its construct table is freed
// once the tree is walked (a compare then holds the two graphs and little else).
ModelGraph build_graph(RankFolder& folder, bool strict_compat, const BuildRules& rules = {});

}  // namespace msprobe::graph
