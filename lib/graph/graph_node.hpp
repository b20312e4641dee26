#pragma once
// One vertex of a model graph: a module, an API call or a synthetic node
// (the root DefaultModel, an Apis_Between_Modules collection), with its port
// items and what building and comparing attach to it.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "dump/interned_text.hpp"
#include "dump/optional_text.hpp"
#include "graph/port_item.hpp"

namespace msprobe::graph {

// The node_type numbers tb-graph-ascend reads.
enum class NodeKind : std::uint8_t { Module = 0, Api = 1, ApiCollection = 9 };

// One operation of a batch_isend_irecv call, as its output list records it.
struct BatchP2POp {
    std::optional<std::string> op;    // "isend" / "irecv"
    std::optional<std::string> peer;  // the peer rank, as text
    std::string group_id;             // "" when absent
};

// A precision index as msprobe stores it: an int (0/1 of the integer paths) or a float.
struct PrecisionIndex {
    double value = 0;
    bool is_integer = true;
};

// What few nodes carry, kept apart so that the others are smaller: a graph has a node per dumped API.
struct RareNodeFields {
    std::vector<BatchP2POp> batch_p2p;             // batch_isend_irecv nodes only
    std::vector<std::string> parallel_merge_info;  // a parallel merge's formulas
    dump::OptionalText matched_distributed;        // JSON of the cross-rank communication match
    dump::InternedText overflow_level;             // critical / high / medium, empty when none
};

struct GraphNode {
    std::string id;
    NodeKind kind = NodeKind::Module;
    bool has_record = false;  // dump.json has an entry of this id
    int rank = 0;             // the rank whose graph made it: a parallel merge names the ranks it merged
    GraphNode* parent = nullptr;
    std::vector<GraphNode*> children;
    std::vector<PortItem> inputs;
    std::vector<PortItem> outputs;
    // Frame texts, innermost first: the list the graph's stack file keeps once per call site; nullptr for none.
    const std::vector<std::string>* stack = nullptr;
    std::optional<int> micro_step;
    // The matched node of the other side; nullptr when unmatched. msprobe's
    // matched_node_link (the partner's ancestors and id) is made from it when
    // the row is written, so a node holds one pointer at any depth.
    GraphNode* partner = nullptr;
    std::optional<PrecisionIndex> precision;
    std::unique_ptr<RareNodeFields> rare_fields;  // null while all of them are empty

    // The rare fields, all empty when the node has none.
    const RareNodeFields& rare() const {
        static const RareNodeFields kNone;
        return rare_fields ? *rare_fields : kNone;
    }
    // The rare fields to set, made on first use.
    RareNodeFields& writable_rare() {
        if (!rare_fields) rare_fields = std::make_unique<RareNodeFields>();
        return *rare_fields;
    }
    bool matched() const { return partner != nullptr; }
    // A communication API's node (Distributed.*): tb_nodes' is_distributed, the links across ranks.
    bool is_distributed() const { return id.rfind("Distributed", 0) == 0; }
};

}  // namespace msprobe::graph
