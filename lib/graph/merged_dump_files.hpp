#pragma once
// The dump files of a merged graph (graph_visualize --file_type json): the
// construct.json, dump.json and stack.json of one parallel-merge group, laid
// out as msprobe writes them (json.dump with indent 2), so the merged graph
// reads again as one rank's dump.
#include <filesystem>

#include "graph/model_graph.hpp"
#include "report/output_file.hpp"

namespace msprobe::graph {

// Stages `folder`/construct.json, dump.json and stack.json of `graph`. Every
// node of the tree is written once, in post-order (ModelGraph::post_order):
// construct.json maps each node but the root to its parent; dump.json holds
// the header ("is_merged": true) and the nodes with data, a node the main
// rank recorded copied from its entry with the merged Max/Min/Mean/Norm of
// its items, any other made from its items, both with their
// parallel_merge_info and without md5; stack.json groups nodes of equal
// stacks. `main_rank_folder` is the folder of the rank the others merged
// into: its dump.json gives the header and the recorded entries (its
// dump_data_dir as the graph shows it). The items must keep their leaves
// (RecordRules::keep_every_leaf). Throws msprobe::Error naming that dump.json
// when it cannot be read.
void stage_merged_dump_files(const ModelGraph& graph, const std::filesystem::path& main_rank_folder,
                             const std::filesystem::path& folder, report::StagedFiles& staged);

}  // namespace msprobe::graph
