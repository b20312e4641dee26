#pragma once
// What a graph takes from one dump.json entry, made as the file streams by:
// its port items (input map and output map) and, for batch_isend_irecv, its
// point-to-point operations. The entry's JSON is dropped once this is made.
#include <optional>
#include <string>
#include <vector>

#include "dump/json_view.hpp"
#include "graph/graph_node.hpp"
#include "graph/port_item.hpp"

namespace msprobe::graph {

struct DumpRecord {
    std::vector<PortItem> inputs;
    std::vector<PortItem> outputs;
    std::vector<BatchP2POp> batch_p2p;  // batch_isend_irecv entries only
    // Why the entry cannot be read (a value of the wrong type): reported, naming
    // dump.json, only when the graph takes the record, as before it was read at all.
    std::optional<std::string> error;
};

// How an entry's items are split.
enum class RecordUse {
    Node,               // a node's inputs and outputs (see record_port_items)
    ParameterGradient,  // a parameter-gradient node: every item in the input map, msprobe's plain test
};

// How items are made from entries.
struct RecordRules {
    bool strict_compat = false;    // split inputs and outputs as msprobe does (record_port_items)
    bool keep_every_leaf = false;  // every item keeps its leaf: merged dump files are written from them
};

DumpRecord make_dump_record(const std::string& id, dump::JsonView entry, const std::string& file,
                            const RecordRules& rules, RecordUse use);

// "<prefix>.parameters_grad[.<n>]" → the position of ".parameters_grad".
std::optional<std::size_t> parameters_grad_at(const std::string& key);

}  // namespace msprobe::graph
