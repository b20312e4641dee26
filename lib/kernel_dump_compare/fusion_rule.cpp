#include "kernel_dump_compare/fusion_rule.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "kernel_dump_compare/dump_folder.hpp"
#include "kernel_dump_compare/quant_filter.hpp"

namespace msprobe::kernel_dump_compare {

namespace {

using nlohmann::json;

// Reads one rule file, failing as msaccucmp fails (FusionRuleParser's checks, error 13).
class RuleReader {
public:
    explicit RuleReader(std::filesystem::path file) : file_(std::move(file)) {}

    FusionRule read() {
        const json document = load();
        array(document, "graph");
        for (const auto& graph : document.at("graph")) {
            array(graph, "op");
            for (const auto& op : graph.at("op")) add_op(op);
            adjust_rename_nodes();
        }
        return std::move(rule_);
    }

private:
    [[noreturn]] void fail(const std::string& reason) const { throw Error(file_.string(), reason); }

    json load() const {
        std::ifstream in(file_, std::ios::binary);
        if (!in) fail("cannot be opened");
        try {
            return json::parse(in);
        } catch (const json::exception& e) {
            fail(fmt::format("Failed to load json object. The content of the json file is invalid: {}", e.what()));
        }
    }

    void exists(const json& object, const std::string& key) const {
        if (!object.is_object() || !object.contains(key)) {
            fail(fmt::format("There is no \"{}\" element in fusion rule file.", key));
        }
    }
    void array(const json& object, const std::string& key) const {
        exists(object, key);
        if (!object.at(key).is_array()) {
            fail(fmt::format("The content of the json file is invalid. The \"{}\" element is not an array.", key));
        }
    }
    void string(const json& object, const std::string& key) const {
        exists(object, key);
        if (!object.at(key).is_string()) {
            fail(fmt::format("The content of the json file is invalid. The \"{}\" element is not a string.", key));
        }
    }
    // Python's isinstance(x, int): a bool is one too.
    void integer(const json& object, const std::string& key) const {
        exists(object, key);
        if (!object.at(key).is_number_integer() && !object.at(key).is_boolean()) {
            fail(fmt::format("The content of the json file is invalid. The \"{}\" element is not a integer.", key));
        }
    }
    void boolean(const json& object, const std::string& key) const {
        exists(object, key);
        if (!object.at(key).is_boolean()) {
            fail(fmt::format("The content of the json file is invalid. The \"{}\" element is not a bool.", key));
        }
    }
    static std::int64_t as_int(const json& value) {
        return value.is_boolean() ? (value.get<bool>() ? 1 : 0) : value.get<std::int64_t>();
    }

    // The attr entry whose "key" is `key`; every entry before it must have a string key.
    const json* find_attr(const json& attrs, const std::string& key) const {
        for (const auto& attr : attrs) {
            string(attr, "key");
            if (attr.at("key").get<std::string>() == key) {
                exists(attr, "value");
                return &attr.at("value");
            }
        }
        return nullptr;
    }
    std::string string_attr(const json& attrs, const std::string& key) const {
        const json* value = find_attr(attrs, key);
        if (value == nullptr) return "";
        string(*value, "s");
        return value->at("s").get<std::string>();
    }
    std::optional<std::int64_t> int_attr(const json& attrs, const std::string& key) const {
        const json* value = find_attr(attrs, key);
        if (value == nullptr) return std::nullopt;
        integer(*value, "i");
        return as_int(value->at("i"));
    }
    bool bool_attr(const json& attrs, const std::string& key) const {
        const json* value = find_attr(attrs, key);
        if (value == nullptr) return false;
        boolean(*value, "b");
        return value->at("b").get<bool>();
    }
    std::vector<std::int64_t> shape_attr(const json& attrs) const {
        const json* value = find_attr(attrs, "origin_shape");
        if (value == nullptr) return {};
        exists(*value, "list");
        const json& list = value->at("list");
        if (!list.is_object() || !list.contains("i")) return {};
        array(list, "i");
        std::vector<std::int64_t> shape;
        for (const auto& dim : list.at("i")) {
            if (!dim.is_number_integer())
                fail("The content of the json file is invalid. The \"i\" element is not a integer.");
            shape.push_back(dim.get<std::int64_t>());
        }
        return shape;
    }
    // _datadump_original_op_names, and whether the op has it.
    std::pair<std::vector<std::string>, bool> original_names(const json& attrs, const std::string& op_name) const {
        const json* value = find_attr(attrs, "_datadump_original_op_names");
        if (value == nullptr) return {{op_name}, false};
        exists(*value, "list");
        const json& list = value->at("list");
        if (!list.is_object() || !list.contains("s")) return {{""}, true};
        array(list, "s");
        std::vector<std::string> names;
        for (const auto& name : list.at("s")) {
            if (!name.is_string()) fail("The content of the json file is invalid. The \"s\" element is not a string.");
            names.push_back(name.get<std::string>());
        }
        return {names, true};
    }

    std::vector<std::string> inputs(const json& op) const {
        std::vector<std::string> list;
        if (!op.contains("input")) return list;
        if (!op.at("input").is_array()) {
            fail("The content of the json file is invalid. The \"input\" element is not an array.");
        }
        const json& items = op.at("input");
        for (const auto& item : items) {
            if (!item.is_string()) fail("The content of the json file is invalid. An \"input\" item is not a string.");
            std::string text = item.get<std::string>();
            if (text.empty() && items.size() == 1) break;
            if (text.empty() || (text.size() >= 3 && text.compare(text.size() - 3, 3, ":-1") == 0))
                continue;  // control edge
            if (text.find("_lxslice") != std::string::npos) text = without_slice_marks(text);
            list.push_back(text);
        }
        return list;
    }

    std::vector<OutputDesc> output_descs(const json& op) const {
        std::vector<OutputDesc> descs;
        if (!op.contains("output_desc")) return descs;
        if (!op.at("output_desc").is_array()) {
            fail("The content of the json file is invalid. The \"output_desc\" element is not an array.");
        }
        std::int64_t position = 0;
        for (const auto& desc : op.at("output_desc")) {
            if (desc.is_object() && desc.contains("attr")) {
                const json& attrs = desc.at("attr");
                if (!attrs.is_array())
                    fail("The content of the json file is invalid. The \"attr\" element is not an array.");
                OutputDesc out;
                out.origin_name = string_attr(attrs, "_datadump_origin_name");
                out.origin_output_index = int_attr(attrs, "_datadump_origin_output_index").value_or(position);
                out.origin_format = string_attr(attrs, "_datadump_origin_format");
                if (out.origin_format.empty()) out.origin_format = string_attr(attrs, "origin_format");
                out.origin_shape = shape_attr(attrs);
                if (desc.contains("dtype") && desc.at("dtype").is_string())
                    out.data_type = desc.at("dtype").get<std::string>();
                descs.push_back(std::move(out));
            }
            ++position;
        }
        return descs;
    }

    // FusionRuleParser._make_output_desc: outputs without an origin name get `name`; none at all get one.
    static void fill_origin_names(std::vector<OutputDesc>& descs, const std::string& name) {
        if (descs.empty()) {
            descs.push_back(OutputDesc{name, std::nullopt, "", {}, ""});
            return;
        }
        for (auto& desc : descs) {
            if (desc.origin_name.empty()) desc.origin_name = name;
        }
    }

    void add_op(const json& object) {
        string(object, "name");
        std::string name = object.at("name").get<std::string>();
        if (name.find("_lxslice") != std::string::npos) name = without_slice_marks(name);
        string(object, "type");
        if (object.at("type").get<std::string>() == "Data" && !name.empty()) rule_.input_nodes.push_back(name);
        FusionOp op;
        op.op_name = name;
        op.op_type = object.at("type").get<std::string>();
        op.inputs = inputs(object);
        op.output_desc = output_descs(object);
        json no_attrs = json::array();
        const json* attrs = &no_attrs;
        if (object.contains("attr")) {
            array(object, "attr");
            attrs = &object.at("attr");
        }
        op.multi_op = bool_attr(*attrs, "_datadump_is_multiop");
        op.l1_fusion_no = string_attr(*attrs, "_L1_fusion_sub_graph_no");
        bool have_origin = false;
        std::tie(op.original_op_names, have_origin) = original_names(*attrs, name);
        if (object.contains("id")) {
            integer(object, "id");
            op.sequence = as_int(object.at("id"));
        }
        if (!have_origin) fill_origin_names(op.output_desc, name);

        const std::string key = fusion_group_key(name, op.l1_fusion_no, op.original_op_names);
        if (!rule_.group_of.count(name)) rule_.op_order.push_back(name);
        rule_.group_of[name] = key;
        const auto found = position_.find(key);
        if (found != position_.end()) {
            FusionGroup& group = rule_.groups[found->second];
            op.op_id = group.ops.front().op_id;
            const bool present =
                std::any_of(group.ops.begin(), group.ops.end(), [&](const FusionOp& o) { return o.op_name == name; });
            if (!present) group.ops.push_back(std::move(op));
        } else {
            op.op_id = rule_.groups.size();
            position_.emplace(key, rule_.groups.size());
            rule_.groups.push_back(FusionGroup{key, {std::move(op)}});
        }
    }

    // FusionRuleParser._adjust_rename_node: a lone op whose one original name is its group key.
    void adjust_rename_nodes() {
        for (auto& group : rule_.groups) {
            if (group.ops.size() != 1) continue;
            FusionOp& op = group.ops.front();
            if (op.original_op_names.size() == 1 && rule_.group_of[op.op_name] == op.original_op_names.front()) {
                fill_origin_names(op.output_desc, op.original_op_names.front());
            }
        }
    }

    std::filesystem::path file_;
    FusionRule rule_;
    std::map<std::string, std::size_t> position_;
};

}  // namespace

std::string FusionOp::real_op_type() const { return op_type == "Left" || op_type == "Right" ? "NaN" : op_type; }

bool FusionOp::is_inner_node() const {
    if (!multi_op) return false;
    return std::all_of(output_desc.begin(), output_desc.end(),
                       [](const OutputDesc& d) { return d.origin_name.empty(); });
}

FusionRelation relation_of(const FusionGroup& group) {
    if (group.ops.size() == 1) {
        return group.ops.front().original_op_names.size() > 1 ? FusionRelation::MultiToOne : FusionRelation::OneToOne;
    }
    if (group.ops.size() > 1) {
        if (!group.ops.front().l1_fusion_no.empty()) return FusionRelation::L1Fusion;
        if (group.ops.front().original_op_names.size() == 1) return FusionRelation::OneToMulti;
        return FusionRelation::MultiToMulti;
    }
    return FusionRelation::OneToOne;
}

const FusionGroup* FusionRule::group(const std::string& key) const {
    const auto it = group_position_.find(key);
    if (it != group_position_.end() && it->second < groups.size() && groups[it->second].key == key) {
        return &groups[it->second];
    }
    for (const auto& g : groups) {
        if (g.key == key) return &g;
    }
    return nullptr;
}

void FusionRule::index_groups() {
    group_position_.clear();
    for (std::size_t i = 0; i < groups.size(); ++i) group_position_.emplace(groups[i].key, i);
}

const FusionOp* FusionRule::find_op(const std::string& op_name) const {
    const auto it = group_of.find(op_name);
    if (it == group_of.end()) return nullptr;
    const FusionGroup* g = group(it->second);
    if (g == nullptr) return nullptr;
    for (const auto& op : g->ops) {
        if (op.op_name == op_name) return &op;
    }
    return nullptr;
}

std::vector<const FusionOp*> FusionRule::ops_by_sequence() const {
    std::vector<const FusionOp*> ops;
    for (const auto& g : groups) {
        for (const auto& op : g.ops) ops.push_back(&op);
    }
    std::stable_sort(ops.begin(), ops.end(),
                     [](const FusionOp* a, const FusionOp* b) { return a->sequence < b->sequence; });
    return ops;
}

std::string fusion_group_key(const std::string& op_name, const std::string& l1_fusion_no,
                             const std::vector<std::string>& original_op_names) {
    if (!l1_fusion_no.empty()) return l1_fusion_no;
    if (original_op_names.empty()) return op_name;
    if (original_op_names.size() == 1) return original_op_names.front().empty() ? op_name : original_op_names.front();
    // msaccucmp keys several names by uuid3 of their concatenation: equal concatenations share a group.
    std::string key = "\x01";
    for (const auto& name : original_op_names) key += name;
    return key;
}

FusionRule read_fusion_rule(const std::filesystem::path& file) {
    FusionRule rule = RuleReader(file).read();
    mark_quant_pairs(rule);
    rule.index_groups();
    return rule;
}

}  // namespace msprobe::kernel_dump_compare
