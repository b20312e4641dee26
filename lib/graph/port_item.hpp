#pragma once
// One flattened leaf of a node's dump record (an input or output "port" of the
// node in the viewer), plus the comparison fields a compare attaches to it.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <rapidjson/fwd.h>

#include "dump/dump_row.hpp"
#include "dump/interned_text.hpp"

namespace msprobe::graph {

struct PortItem {
    dump::DumpRow row;                        // the leaf as compare reads it
    // The leaf object as the dump wrote it, as compact JSON ("" for None items); read it through
    // LeafObject (port_item_leaf).
    std::string leaf;
    dump::InternedText type;  // the leaf's "type" ("" when it has none), which matching compares
    // Copied comparison cells, in column order; the names are the mode's static column lists.
    std::vector<std::pair<std::string_view, dump::StatValue>> metrics;
    bool compared = false;  // a comparison row of a matched pair names this item

    // The map key: the row's name (kept once, an item being the bulk of a graph's memory).
    const std::string& key() const { return row.name; }
};

// An ordered map of items: a later item with an existing key replaces it in place.
void put_item(std::vector<PortItem>& items, PortItem item);

// The items of one dump record, split into the input map (inputs, keyword
// inputs, parameters, parameter gradients) and the output map. With
// `strict_compat` an item goes to the output map when its name contains
// ".output." and not ".input.", as msprobe tests it (the parameters of a
// module instance named "output" then count as outputs). Throws
// msprobe::Error naming `file` on values of the wrong type.
void record_port_items(const std::string& id, const rapidjson::Value& record, const std::string& file,
                       bool strict_compat, std::vector<PortItem>& inputs, std::vector<PortItem>& outputs);

}  // namespace msprobe::graph
