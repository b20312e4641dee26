#pragma once
// Multi-rank runs: links each Distributed node with its counterparts on the
// other ranks (send ↔ recv, the members of a collective) and records the
// partners' ids and indexes in matched_distributed.
#include <map>

#include "graph/model_graph.hpp"

namespace msprobe::graph {

// `graphs`: rank → graph of one side and one step. A partner's index is its
// overflow level with -oc, else its precision index ("Nan" when it has none).
// The root rank of broadcast/reduce is the second positional argument or,
// failing that, the keyword src/dst; msprobe (strict_compat) reads the
// positional argument only.
// `august` matches as graph_visualize does: send/recv pairs are linked without
// comparing their outputs; msprobe's August rebuilds the nodes from the
// database without their batch_isend_irecv operations, so those stay unlinked
// with strict_compat (docs/compatibility.md row 166) and are linked otherwise.
void match_communications(const std::map<int, ModelGraph*>& graphs, bool overflow_check, bool strict_compat,
                          bool august = false);

}  // namespace msprobe::graph
