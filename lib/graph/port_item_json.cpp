#include "graph/port_item_json.hpp"

#include <algorithm>
#include <array>

#include "common/python_json_writer.hpp"
#include "graph/item_text.hpp"

namespace msprobe::graph {

namespace {

// An exported field before packing: its text, or a float to format when written.
struct Pending {
    std::string key;
    std::string text;
    bool is_float = false;
    double number = 0;
};

Pending pending_value(std::string key, dump::JsonView value) {
    if (is_float_value(value)) return {std::move(key), {}, true, *value.number()};
    return {std::move(key), value_text(value), false, 0};
}

Pending pending_stat(std::string key, const dump::StatValue& value) {
    if (is_float_stat(value)) return {std::move(key), {}, true, value.number};
    return {std::move(key), stat_text(value), false, 0};
}

}  // namespace

namespace {

// exported_fields of a leaf whose names are all distinct (nearly every leaf): packed as they come.
ItemFields distinct_fields(dump::JsonView leaf, const dump::DumpRow& row, const std::vector<std::string_view>& names) {
    ItemFields packed(256);
    for (const dump::JsonMember& m : leaf.members()) {
        if (is_float_value(m.value))
            packed.add_float(m.name, *m.value.number());
        else
            packed.add(m.name, value_text(m.value));
    }
    const auto absent = [&](std::string_view key) { return std::find(names.begin(), names.end(), key) == names.end(); };
    const auto add = [&](std::string_view key, std::string_view text) {
        if (absent(key)) packed.add(key, text);
    };
    const auto add_stat = [&](std::string_view key, const dump::StatValue& value) {
        if (absent(key)) add_stat_field(packed, key, value);
    };
    add("data_name", !leaf.present() ? std::string("null") : string_text(row.data_name()));
    add("requires_grad", row.requires_grad ? (*row.requires_grad ? "True" : "False") : "null");
    static constexpr std::array<const char*, 4> kStats = {"Max", "Min", "Mean", "Norm"};
    for (std::size_t i = 0; i < kStats.size(); ++i) add_stat(kStats[i], row.stats[i]);
    add("dtype", string_text(std::string_view(row.dtype)));
    add("shape", string_text(std::string_view(row.shape)));
    if (row.md5) add("md5", string_text(*row.md5));
    if (row.p2p) {
        add_stat("op", row.p2p->op);
        add_stat("peer", row.p2p->peer);
    }
    packed.shrink();
    return packed;
}

}  // namespace

ItemFields exported_fields(dump::JsonView leaf, const dump::DumpRow& row) {
    thread_local std::vector<std::string_view> names;
    names.clear();
    bool distinct = true;
    for (const dump::JsonMember& m : leaf.members()) {
        if (std::find(names.begin(), names.end(), m.name) != names.end()) distinct = false;
        names.push_back(m.name);
    }
    if (distinct) return distinct_fields(leaf, row, names);
    // Kept by the thread: a vector of a dozen fields is over a kilobyte, and each malloc
    // that size makes glibc consolidate its fast bins first.
    thread_local std::vector<Pending> fields;
    fields.clear();
    for (const dump::JsonMember& m : leaf.members()) {
        Pending field = pending_value(std::string(m.name), m.value);
        // A repeated key keeps its first place and takes the later value, as Python's json reads it.
        const auto same =
            std::find_if(fields.begin(), fields.end(), [&](const Pending& f) { return f.key == field.key; });
        if (same != fields.end())
            *same = std::move(field);
        else
            fields.push_back(std::move(field));
    }
    const bool is_none = !leaf.present();
    auto add = [&](Pending field) {
        const bool present =
            std::any_of(fields.begin(), fields.end(), [&](const Pending& f) { return f.key == field.key; });
        if (!present) fields.push_back(std::move(field));
    };
    add({"data_name", is_none ? "null" : string_text(row.data_name())});
    add({"requires_grad", row.requires_grad ? (*row.requires_grad ? "True" : "False") : "null"});
    static constexpr std::array<const char*, 4> kStats = {"Max", "Min", "Mean", "Norm"};
    for (std::size_t i = 0; i < kStats.size(); ++i) add(pending_stat(kStats[i], row.stats[i]));
    add({"dtype", string_text(std::string_view(row.dtype))});
    add({"shape", string_text(std::string_view(row.shape))});
    if (row.md5) add({"md5", string_text(*row.md5)});
    if (row.p2p) {
        add(pending_stat("op", row.p2p->op));
        add(pending_stat("peer", row.p2p->peer));
    }
    std::size_t bytes = 0;
    for (const Pending& f : fields) bytes += f.key.size() + (f.is_float ? 8 : f.text.size()) + 3;
    ItemFields packed(bytes);
    for (const Pending& f : fields) {
        if (f.is_float)
            packed.add_float(f.key, f.number);
        else
            packed.add(f.key, f.text);
    }
    return packed;
}

void append_port_items_json(std::string& out, const std::vector<PortItem>& items, const ItemExportRules& rules) {
    thread_local std::vector<std::pair<std::string_view, FieldValue>> kept;
    out += '{';
    bool first_item = true;
    for (const PortItem& item : items) {
        kept.clear();
        bool process_group = false;
        item.fields.for_each([&](std::string_view key, const FieldValue& value) {
            if (key == "type" && !value.is_float && value.text == "torch.ProcessGroup") process_group = true;
            if (key == "state" || key == "full_op_name") return;
            if (key == "md5" && !rules.keep_md5) return;
            if (rules.batch_p2p_node && (key == "op" || key == "peer" || key == "tag" || key == "group_id")) return;
            kept.emplace_back(key, value);
        });
        item.compared_fields.for_each(
            [&](std::string_view key, const FieldValue& value) { kept.emplace_back(key, value); });
        if (process_group) {
            // A process group shows what identifies it, nothing compared.
            std::erase_if(kept, [](const auto& f) {
                return f.first != "type" && f.first != "group_ranks" && f.first != "group_id" && f.first != "data_name";
            });
        }
        if (!first_item) out += ", ";
        first_item = false;
        py::append_json_string(out, item.key());
        out += ": {";
        const auto max = std::find_if(kept.begin(), kept.end(), [](const auto& f) { return f.first == "Max"; });
        if (max != kept.end() && !max->second.is_float && max->second.text == "null") {
            out += R"("value": "null")";
        } else {
            bool first_field = true;
            for (const auto& [key, value] : kept) {
                if (!first_field) out += ", ";
                first_field = false;
                py::append_json_string(out, key);
                out += ": ";
                if (value.is_float) {
                    // A float's text is plain ASCII: no escapes.
                    out += '"';
                    out += float_text(value.number, !rules.full_floats);
                    out += '"';
                } else {
                    py::append_json_string(out, value.text);
                }
            }
        }
        out += '}';
    }
    out += '}';
}

std::string port_items_json(const std::vector<PortItem>& items, const ItemExportRules& rules) {
    std::string out;
    append_port_items_json(out, items, rules);
    return out;
}

}  // namespace msprobe::graph
