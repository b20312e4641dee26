#include "graph/port_item.hpp"

#include <algorithm>

#include <rapidjson/document.h>

#include "dump/flatten.hpp"
#include "graph/port_item_leaf.hpp"

namespace msprobe::graph {

void put_item(std::vector<PortItem>& items, PortItem item) {
    const auto same =
        std::find_if(items.begin(), items.end(), [&](const PortItem& p) { return p.key() == item.key(); });
    if (same != items.end()) {
        *same = std::move(item);
    } else {
        items.push_back(std::move(item));
    }
}

void record_port_items(const std::string& id, const rapidjson::Value& record, const std::string& file,
                       bool strict_compat, std::vector<PortItem>& inputs, std::vector<PortItem>& outputs) {
    std::vector<dump::DumpRow> rows;
    std::vector<const rapidjson::Value*> leaves;
    dump::flatten_entry(id, record, 0, file, rows, leaves);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        PortItem item;
        if (leaves[i] != nullptr) {
            item.leaf = compact_leaf_json(*leaves[i]);
            if (leaves[i]->IsObject()) {
                const auto type = leaves[i]->FindMember("type");
                if (type != leaves[i]->MemberEnd() && type->value.IsString()) {
                    item.type = std::string_view(type->value.GetString(), type->value.GetStringLength());
                }
            }
        }
        item.row = std::move(rows[i]);
        const bool is_output = strict_compat ? item.key().find(".output.") != std::string::npos &&
                                                   item.key().find(".input.") == std::string::npos
                                             : item.row.state == dump::RowState::Output;
        put_item(is_output ? outputs : inputs, std::move(item));
    }
}

}  // namespace msprobe::graph
