#include "graph/port_item_leaf.hpp"

#include "dump/json_text.hpp"

namespace msprobe::graph {

std::string compact_leaf_json(dump::JsonView leaf) {
    return dump::compact_json(leaf, dump::RepeatedMembers::AsPythonReads);
}

}  // namespace msprobe::graph
