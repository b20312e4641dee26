#include "graph/port_item_json.hpp"

#include <algorithm>
#include <array>

#include <rapidjson/document.h>

#include "common/python_json_writer.hpp"
#include "graph/item_text.hpp"
#include "graph/port_item_leaf.hpp"

namespace msprobe::graph {

namespace {

using Field = std::pair<std::string, std::string>;

bool has_key(const std::vector<Field>& fields, std::string_view key) {
    return std::any_of(fields.begin(), fields.end(), [&](const Field& f) { return f.first == key; });
}

void set_field(std::vector<Field>& fields, std::string key, std::string text) {
    for (auto& f : fields) {
        if (f.first == key) {
            f.second = std::move(text);
            return;
        }
    }
    fields.emplace_back(std::move(key), std::move(text));
}

// The leaf's own keys as dumped, then the keys compare's flattening adds when
// the leaf lacks them, then the comparison fields.
std::vector<Field> item_fields(const PortItem& item, const ItemExportRules& rules) {
    std::vector<Field> fields;
    const dump::DumpRow& row = item.row;
    const LeafObject leaf(item);
    if (leaf.get() != nullptr) {
        for (const auto& m : leaf.get()->GetObject()) {
            set_field(fields, std::string(m.name.GetString(), m.name.GetStringLength()), value_text(m.value, !rules.full_floats));
        }
    }
    const bool is_none = item.leaf.empty();
    auto add = [&](const char* key, std::string text) {
        if (!has_key(fields, key)) fields.emplace_back(key, std::move(text));
    };
    add("data_name", is_none ? "null" : string_text(row.data_name()));
    add("requires_grad", row.requires_grad ? (*row.requires_grad ? "True" : "False") : "null");
    static constexpr std::array<const char*, 4> kStats = {"Max", "Min", "Mean", "Norm"};
    for (std::size_t i = 0; i < kStats.size(); ++i) add(kStats[i], stat_text(row.stats[i], !rules.full_floats));
    add("dtype", string_text(std::string_view(row.dtype)));
    add("shape", string_text(std::string_view(row.shape)));
    if (row.md5) add("md5", string_text(*row.md5));
    if (row.p2p) {
        add("op", stat_text(row.p2p->op, !rules.full_floats));
        add("peer", stat_text(row.p2p->peer, !rules.full_floats));
    }

    std::vector<Field> kept;
    const bool process_group = std::any_of(fields.begin(), fields.end(), [](const Field& f) {
        return f.first == "type" && f.second == "torch.ProcessGroup";
    });
    for (auto& f : fields) {
        const std::string& key = f.first;
        if (key == "state" || key == "full_op_name") continue;
        if (key == "md5" && !rules.keep_md5) continue;
        if (rules.batch_p2p_node && (key == "op" || key == "peer" || key == "tag" || key == "group_id")) continue;
        kept.push_back(std::move(f));
    }
    for (const auto& [name, value] : item.metrics) kept.emplace_back(std::string(name), stat_text(value, !rules.full_floats));
    if (process_group) {
        // A process group shows what identifies it, nothing compared.
        std::erase_if(kept, [](const Field& f) {
            return f.first != "type" && f.first != "group_ranks" && f.first != "group_id" && f.first != "data_name";
        });
    }
    const auto max = std::find_if(kept.begin(), kept.end(), [](const Field& f) { return f.first == "Max"; });
    if (max != kept.end() && max->second == "null") return {{"value", "null"}};
    return kept;
}

}  // namespace

std::string port_items_json(const std::vector<PortItem>& items, const ItemExportRules& rules) {
    py::JsonWriter json(py::JsonWriter::kOneLine);
    json.begin_object();
    for (const PortItem& item : items) {
        json.key(item.key());
        json.begin_object();
        for (const auto& [key, text] : item_fields(item, rules)) {
            json.key(key);
            json.string(text);
        }
        json.end_object();
    }
    json.end_object();
    return json.text();
}

}  // namespace msprobe::graph
