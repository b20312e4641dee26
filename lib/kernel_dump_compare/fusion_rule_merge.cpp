#include "kernel_dump_compare/fusion_rule_merge.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace msprobe::kernel_dump_compare {

namespace {

void add_unique(std::vector<std::string>& list, const std::string& item) {
    if (std::find(list.begin(), list.end(), item) == list.end()) list.push_back(item);
}

const FusionGroup* group_of_op(const FusionRule& rule, const std::string& op_name) {
    const auto it = rule.group_of.find(op_name);
    return it == rule.group_of.end() ? nullptr : rule.group(it->second);
}

// _make_new_output_desc: the NPU rule's origin format and shape win when it names a format.
OutputDesc overridden(OutputDesc desc, const OutputDesc& by) {
    if (!by.origin_format.empty()) {
        desc.origin_format = by.origin_format;
        desc.origin_shape = by.origin_shape;
    }
    return desc;
}

// Groups ops by key in the order keys first appear; an op joins with its group's number.
class GroupBuilder {
public:
    void add(const std::string& key, FusionOp op, bool renumber) {
        const auto it = position_.find(key);
        if (it != position_.end()) {
            FusionGroup& group = groups_[it->second];
            if (renumber) op.op_id = group.ops.front().op_id;
            group.ops.push_back(std::move(op));
            return;
        }
        if (renumber) op.op_id = groups_.size();
        position_.emplace(key, groups_.size());
        groups_.push_back(FusionGroup{key, {std::move(op)}});
    }
    std::vector<FusionGroup> take() { return std::move(groups_); }

private:
    std::vector<FusionGroup> groups_;
    std::map<std::string, std::size_t> position_;
};

}  // namespace

FusionRule merge_quant_rule(FusionRule offline, const FusionRule& quant, std::vector<std::string>& warnings) {
    GroupBuilder merged;
    for (auto& group : offline.groups) {
        for (auto& op : group.ops) {
            std::vector<std::string> names;
            for (const auto& name : op.original_op_names) {
                if (const FusionGroup* q = group_of_op(quant, name)) {
                    for (const auto& qop : q->ops) {
                        for (const auto& n : qop.original_op_names) add_unique(names, n);
                    }
                }
            }
            if (!names.empty()) op.original_op_names = names;
            std::vector<OutputDesc> descs;
            for (const auto& desc : op.output_desc) {
                if (desc.origin_name.empty()) continue;
                const FusionGroup* q = group_of_op(quant, desc.origin_name);
                if (q == nullptr) {
                    warnings.push_back(fmt::format("The name \"{}\" is not in quant fusion rule.", desc.origin_name));
                    continue;
                }
                if (!desc.origin_output_index) {
                    for (const auto& qop : q->ops) {
                        for (const auto& d : qop.output_desc) descs.push_back(overridden(d, desc));
                    }
                    continue;
                }
                for (const auto& qop : q->ops) {
                    if (qop.op_name != desc.origin_name) continue;
                    const auto index = static_cast<std::size_t>(*desc.origin_output_index);
                    if (*desc.origin_output_index < 0 || index >= qop.output_desc.size()) {
                        descs.push_back(OutputDesc{});
                    } else {
                        descs.push_back(overridden(qop.output_desc[index], desc));
                    }
                }
            }
            if (!descs.empty()) op.output_desc = std::move(descs);
            const std::string key = fusion_group_key(op.op_name, "", op.original_op_names);
            offline.group_of[op.op_name] = key;
            merged.add(key, std::move(op), true);
        }
    }
    offline.groups = merged.take();
    offline.index_groups();
    return offline;
}

FusionRule merge_close_rule(FusionRule open, const FusionRule& close, std::vector<std::string>& warnings) {
    // get_origin_name_to_op_name_map: the close rule's ops in "id" order, a later op winning a name.
    std::map<std::string, std::string> close_op_of;
    for (const FusionOp* op : close.ops_by_sequence()) {
        for (const auto& name : op->original_op_names) close_op_of[name] = op->op_name;
    }
    FusionRule merged;
    merged.input_nodes = open.input_nodes;
    GroupBuilder groups;
    std::vector<std::string> done_groups, used_open_names, used_close_ops;
    for (auto name = open.op_order.rbegin(); name != open.op_order.rend(); ++name) {
        const std::string& key = open.group_of.at(*name);
        if (std::find(done_groups.begin(), done_groups.end(), key) != done_groups.end()) continue;
        done_groups.push_back(key);
        merged.group_of[*name] = key;
        merged.op_order.push_back(*name);
        const FusionGroup* group = open.group(key);
        if (group == nullptr) continue;
        for (FusionOp op : group->ops) {
            // _check_unity_onnx_op: one open op per original op and per close op.
            const std::string first = op.original_op_names.empty() ? "" : op.original_op_names.front();
            if (std::find(used_open_names.begin(), used_open_names.end(), first) != used_open_names.end()) continue;
            used_open_names.push_back(first);
            const auto close_op = close_op_of.find(first);
            if (close_op != close_op_of.end()) {
                if (std::find(used_close_ops.begin(), used_close_ops.end(), close_op->second) != used_close_ops.end()) {
                    continue;
                }
                used_close_ops.push_back(close_op->second);
            }
            if (!(op.original_op_names.size() == 1 && op.original_op_names.front().empty())) {
                std::vector<std::string> names;
                for (const auto& original : op.original_op_names) {
                    const auto it = close_op_of.find(original);
                    if (it != close_op_of.end()) {
                        add_unique(names, it->second);
                    } else {
                        warnings.push_back(
                            fmt::format("There is no original operator associated with the operator "
                                        "\"{}\" in original op names.",
                                        original));
                    }
                }
                op.original_op_names = names;
            }
            for (std::size_t i = 0; i < op.output_desc.size(); ++i) {
                OutputDesc& desc = op.output_desc[i];
                if (desc.origin_name.empty()) continue;
                const auto it = close_op_of.find(desc.origin_name);
                bool found = false;
                if (it != close_op_of.end()) {
                    if (const FusionGroup* close_group = group_of_op(close, it->second)) {
                        for (const auto& cop : close_group->ops) {
                            for (std::size_t j = 0; j < cop.output_desc.size() && !found; ++j) {
                                const OutputDesc& cd = cop.output_desc[j];
                                if (cd.origin_name == desc.origin_name &&
                                    cd.origin_output_index == desc.origin_output_index) {
                                    desc.origin_output_index = static_cast<std::int64_t>(j);
                                    found = true;
                                }
                            }
                            if (found) break;
                        }
                    }
                    desc.origin_name = it->second;
                }
                if (!found) {
                    warnings.push_back(
                        fmt::format("There is no valid output desc associated with \"{}:output:{}\".", op.op_name, i));
                }
            }
            groups.add(key, std::move(op), false);
        }
    }
    merged.groups = groups.take();
    merged.index_groups();
    return merged;
}

}  // namespace msprobe::kernel_dump_compare
