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

// The keys exported_fields adds when a leaf lacks them, as bits of a mask.
enum AddedKey : unsigned {
    kDataName = 1U << 0,
    kRequiresGrad = 1U << 1,
    kMax = 1U << 2,
    kMin = 1U << 3,
    kMean = 1U << 4,
    kNorm = 1U << 5,
    kDtype = 1U << 6,
    kShape = 1U << 7,
    kMd5 = 1U << 8,
    kOp = 1U << 9,
    kPeer = 1U << 10,
};

unsigned added_key_bit(std::string_view name) {
    static constexpr std::array<std::pair<std::string_view, unsigned>, 11> kKeys = {{{"data_name", kDataName},
                                                                                     {"requires_grad", kRequiresGrad},
                                                                                     {"Max", kMax},
                                                                                     {"Min", kMin},
                                                                                     {"Mean", kMean},
                                                                                     {"Norm", kNorm},
                                                                                     {"dtype", kDtype},
                                                                                     {"shape", kShape},
                                                                                     {"md5", kMd5},
                                                                                     {"op", kOp},
                                                                                     {"peer", kPeer}}};
    for (const auto& [key, bit] : kKeys) {
        if (key == name) return bit;
    }
    return 0;
}

// exported_fields of a leaf whose names are all distinct (nearly every leaf): packed as they come; `present`
// holds the added keys the leaf has.
// Made in `packed`, the thread's scratch list.
const ItemFields& distinct_fields(dump::JsonView leaf, const dump::DumpRow& row, unsigned present, ItemFields& packed) {
    packed.clear();
    for (const dump::JsonMember& m : leaf.members()) {
        if (is_float_value(m.value)) {
            packed.add_float(m.name, *m.value.number());
        } else if (const auto text = m.value.string()) {
            add_text_field(packed, m.name, *text);
        } else {
            packed.add(m.name, value_text(m.value));
        }
    }
    const auto absent = [&](unsigned bit) { return (present & bit) == 0; };
    const auto add_stat = [&](unsigned bit, std::string_view key, const dump::StatValue& value) {
        if (absent(bit)) add_stat_field(packed, key, value);
    };
    if (absent(kDataName)) {
        if (!leaf.present())
            packed.add("data_name", "null");
        else
            add_text_field(packed, "data_name", row.data_name());
    }
    if (absent(kRequiresGrad))
        packed.add("requires_grad", row.requires_grad ? (*row.requires_grad ? "True" : "False") : "null");
    static constexpr std::array<std::pair<unsigned, std::string_view>, 4> kStats = {
        {{kMax, "Max"}, {kMin, "Min"}, {kMean, "Mean"}, {kNorm, "Norm"}}};
    for (std::size_t i = 0; i < kStats.size(); ++i) add_stat(kStats[i].first, kStats[i].second, row.stats[i]);
    if (absent(kDtype)) add_text_field(packed, "dtype", std::string_view(row.dtype));
    if (absent(kShape)) add_text_field(packed, "shape", std::string_view(row.shape));
    if (row.md5 && absent(kMd5)) add_text_field(packed, "md5", *row.md5);
    if (row.p2p) {
        add_stat(kOp, "op", row.p2p->op);
        add_stat(kPeer, "peer", row.p2p->peer);
    }
    return packed;
}

}  // namespace

const ItemFields& exported_fields(dump::JsonView leaf, const dump::DumpRow& row) {
    // The thread's scratch list: the item copies it into its block.
    thread_local ItemFields packed;
    // Distinct names: an added key's bit set twice, or an other name seen before.
    thread_local std::vector<std::string_view> others;
    others.clear();
    unsigned leaf_keys = 0;
    bool distinct = true;
    for (const dump::JsonMember& m : leaf.members()) {
        if (const unsigned bit = added_key_bit(m.name); bit != 0) {
            if ((leaf_keys & bit) != 0) distinct = false;
            leaf_keys |= bit;
        } else {
            if (std::find(others.begin(), others.end(), m.name) != others.end()) distinct = false;
            others.push_back(m.name);
        }
    }
    if (distinct) return distinct_fields(leaf, row, leaf_keys, packed);
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
    packed.clear();
    for (const Pending& f : fields) {
        if (f.is_float)
            packed.add_float(f.key, f.number);
        else
            packed.add(f.key, f.text);
    }
    return packed;
}

void append_port_items_json(std::string& out, const std::vector<PortItem>& items, const ItemExportRules& rules,
                            const std::vector<ItemFields>* comparison) {
    thread_local std::vector<std::pair<std::string_view, FieldValue>> kept;
    out += '{';
    bool first_item = true;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const PortItem& item = items[i];
        kept.clear();
        bool process_group = false;
        // The own fields' hidden keys; the comparison fields (compare's columns) are named none of them.
        const auto keep = [&](std::string_view key, const FieldValue& value) {
            if (key == "type" && !value.is_float && value.text == "torch.ProcessGroup") process_group = true;
            if (key == "state" || key == "full_op_name") return;
            if (key == "md5" && !rules.keep_md5) return;
            if (rules.batch_p2p_node && (key == "op" || key == "peer" || key == "tag" || key == "group_id")) return;
            kept.emplace_back(key, value);
        };
        item.fields().for_each(keep);
        if (comparison != nullptr) comparison->at(i).for_each(keep);
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
