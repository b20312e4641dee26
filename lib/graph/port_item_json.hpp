#pragma once
// input_data / output_data of a tb_nodes row: the item map as one JSON object
// of texts, keys and values as msprobe exports them.
#include <string>
#include <vector>

#include "graph/port_item.hpp"

namespace msprobe::graph {

struct ItemExportRules {
    bool keep_md5 = false;         // an md5-mode compare shows the digests
    bool batch_p2p_node = false;   // batch_isend_irecv nodes drop their P2POp fields
    bool full_floats = false;      // August writes floats unrounded
};

std::string port_items_json(const std::vector<PortItem>& items, const ItemExportRules& rules);

}  // namespace msprobe::graph
