#pragma once
// input_data / output_data of a tb_nodes row: the item map as one JSON object
// of texts, keys and values as msprobe exports them. An item's own fields are
// made once, as the dump is read (exported_fields); the row adds what a
// compare attached and drops what the node's kind hides.
#include <string>
#include <vector>

#include "dump/json_view.hpp"
#include "graph/item_fields.hpp"
#include "graph/port_item.hpp"

namespace msprobe::graph {

struct ItemExportRules {
    bool keep_md5 = false;        // an md5-mode compare shows the digests
    bool batch_p2p_node = false;  // batch_isend_irecv nodes drop their P2POp fields
    bool full_floats = false;     // August writes floats unrounded
};

// The leaf's keys in dump order with item_text's texts (floats kept as numbers,
// formatted when the row is written), then the keys compare's flattening adds
// when the leaf lacks them; `leaf` is empty for a None item.
// The list is the thread's, valid until its next call.
const ItemFields& exported_fields(dump::JsonView leaf, const dump::DumpRow& row);

// Appends the items' JSON object to `out` (json.dumps' one-line layout). `comparison`, when given, holds
// each item's comparison fields, which follow its own.
void append_port_items_json(std::string& out, const std::vector<PortItem>& items, const ItemExportRules& rules,
                            const std::vector<ItemFields>* comparison = nullptr);
std::string port_items_json(const std::vector<PortItem>& items, const ItemExportRules& rules);

}  // namespace msprobe::graph
