#pragma once
// Multi-rank runs: links each Distributed node with its counterparts on the
// other ranks (send ↔ recv, the members of a collective) and records the
// partners' ids and indexes in matched_distributed.
#include <map>

#include "graph/model_graph.hpp"

namespace msprobe::graph {

// Where msprobe's two graph commands link differently; the defaults are its graph's.
struct CommunicationRules {
    // A send and its recv are linked only when their first outputs carry the same statistics.
    bool send_recv_same_output = true;
    // The nodes are matched as the database holds them (msprobe's graph_visualize reads the exported rows
    // back): exported nodes only, numbered in node order (post order), not all nodes in creation order.
    // Those rows lose batch_isend_irecv's operations, so with strict_compat such nodes stay unlinked
    // (docs/compatibility.md row 166); they are linked otherwise.
    bool exported_rows = false;
};

// `graphs`: rank → graph of one side and one step. A partner's index is its
// overflow level with -oc, else its precision index ("Nan" when it has none).
// The root rank of broadcast/reduce is the second positional argument or,
// failing that, the keyword src/dst; msprobe (strict_compat) reads the
// positional argument only.
void match_communications(const std::map<int, ModelGraph*>& graphs, bool overflow_check, bool strict_compat,
                          const CommunicationRules& rules = {});

}  // namespace msprobe::graph
