#include "graph/port_item_json.hpp"

#include <algorithm>
#include <array>

#include <rapidjson/document.h>

#include "common/python_json_writer.hpp"
#include "graph/item_text.hpp"

namespace msprobe::graph {

namespace {

// A pair of the row's JSON, pointing into the item's packed fields.
using Field = std::pair<std::string_view, std::string_view>;

// The leaf's keys: a repeated one keeps its first place and takes the later value, as Python's json reads it.
void set_field(std::vector<std::pair<std::string, std::string>>& fields, std::string key, std::string text) {
    for (auto& f : fields) {
        if (f.first == key) {
            f.second = std::move(text);
            return;
        }
    }
    fields.emplace_back(std::move(key), std::move(text));
}

}  // namespace

ItemFields exported_fields(const rapidjson::Value* leaf, const dump::DumpRow& row, bool full_floats) {
    const bool round = !full_floats;
    std::vector<std::pair<std::string, std::string>> fields;
    if (leaf != nullptr && leaf->IsObject()) {
        for (const auto& m : leaf->GetObject()) {
            set_field(fields, std::string(m.name.GetString(), m.name.GetStringLength()), value_text(m.value, round));
        }
    }
    const bool is_none = leaf == nullptr;
    auto add = [&](const char* key, std::string text) {
        const bool present = std::any_of(fields.begin(), fields.end(), [&](const auto& f) { return f.first == key; });
        if (!present) fields.emplace_back(key, std::move(text));
    };
    add("data_name", is_none ? "null" : string_text(row.data_name()));
    add("requires_grad", row.requires_grad ? (*row.requires_grad ? "True" : "False") : "null");
    static constexpr std::array<const char*, 4> kStats = {"Max", "Min", "Mean", "Norm"};
    for (std::size_t i = 0; i < kStats.size(); ++i) add(kStats[i], stat_text(row.stats[i], round));
    add("dtype", string_text(std::string_view(row.dtype)));
    add("shape", string_text(std::string_view(row.shape)));
    if (row.md5) add("md5", string_text(*row.md5));
    if (row.p2p) {
        add("op", stat_text(row.p2p->op, round));
        add("peer", stat_text(row.p2p->peer, round));
    }
    std::size_t bytes = 0;
    for (const auto& [key, text] : fields) bytes += key.size() + text.size() + 2;
    ItemFields packed(bytes);
    for (const auto& [key, text] : fields) packed.add(key, text);
    return packed;
}

std::string port_items_json(const std::vector<PortItem>& items, const ItemExportRules& rules) {
    py::JsonWriter json(py::JsonWriter::kOneLine);
    json.begin_object();
    std::vector<Field> kept;
    for (const PortItem& item : items) {
        kept.clear();
        bool process_group = false;
        item.fields.for_each([&](std::string_view key, std::string_view text) {
            if (key == "type" && text == "torch.ProcessGroup") process_group = true;
            if (key == "state" || key == "full_op_name") return;
            if (key == "md5" && !rules.keep_md5) return;
            if (rules.batch_p2p_node && (key == "op" || key == "peer" || key == "tag" || key == "group_id")) return;
            kept.emplace_back(key, text);
        });
        item.compared_fields.for_each([&](std::string_view key, std::string_view text) { kept.emplace_back(key, text); });
        if (process_group) {
            // A process group shows what identifies it, nothing compared.
            std::erase_if(kept, [](const Field& f) {
                return f.first != "type" && f.first != "group_ranks" && f.first != "group_id" && f.first != "data_name";
            });
        }
        json.key(item.key());
        json.begin_object();
        const auto max = std::find_if(kept.begin(), kept.end(), [](const Field& f) { return f.first == "Max"; });
        if (max != kept.end() && max->second == "null") {
            json.key("value");
            json.string("null");
        } else {
            for (const auto& [key, text] : kept) {
                json.key(key);
                json.string(text);
            }
        }
        json.end_object();
    }
    json.end_object();
    return json.text();
}

}  // namespace msprobe::graph
