#include "dump/construct_parents.hpp"

#include <fmt/format.h>

#include "common/error.hpp"

namespace msprobe::dump {

namespace {

constexpr std::string_view kMegatronKey = "megatron_micro_step_number";

// A parent as a name, null, or (checked) an error naming the entry.
std::optional<std::string_view> parent_name(JsonView value, bool checked, const std::string& file,
                                            std::string_view id) {
    if (const auto name = value.string()) return *name;
    if (checked && !value.is_null()) {
        throw Error(file, fmt::format("the parent of '{}' is neither null nor a name", id));
    }
    return std::nullopt;
}

}  // namespace

ConstructParents ConstructParents::of(JsonView root) { return read(root, Reading::Lenient, {}); }

ConstructParents ConstructParents::read_checked(const JsonFile& file) {
    if (!file.root().is_object()) throw Error(file.path(), "construct.json is not a JSON object");
    return read(file.root(), Reading::Checked, file.path());
}

ConstructParents ConstructParents::read(JsonView root, Reading reading, const std::string& file) {
    const bool checked = reading == Reading::Checked;
    ConstructParents parents;
    parents.nodes_.reserve(root.members().size());
    for (const JsonMember& member : root.members()) {
        const JsonView value = member.value;
        if (member.name == kMegatronKey) {
            if (const auto steps = value.int32()) {
                parents.megatron_micro_steps_ = *steps;
                continue;
            }
            if (checked) throw Error(file, fmt::format("'{}' is not an integer", kMegatronKey));
        }
        Node node;
        std::optional<std::string_view> parent;
        if (value.is_array()) {
            const auto step = value.size() == 2 ? value.item(1).int32() : std::nullopt;
            if (checked && !step) {
                throw Error(file, fmt::format("the parent of '{}' is not a [parent, micro step] pair", member.name));
            }
            parent = parent_name(value.item(0), checked, file, member.name);
            node.micro_step = step.value_or(0);
            node.has_micro_step = step.has_value();
        } else {
            parent = parent_name(value, checked, file, member.name);
        }
        node.id = parents.name_position(member.name);
        if (parent) node.parent = parents.name_position(*parent);
        if (parents.first_node_[node.id] == kNone) {
            parents.first_node_[node.id] = static_cast<std::uint32_t>(parents.nodes_.size());
        }
        parents.nodes_.push_back(node);
    }
    // Plain entries of a Megatron file are micro step 0.
    if (parents.megatron_micro_steps_) {
        for (Node& node : parents.nodes_) node.has_micro_step = true;
    }
    return parents;
}

std::uint32_t ConstructParents::name_position(std::string_view name) {
    if (const auto at = names_.find(name)) return static_cast<std::uint32_t>(*at);
    first_node_.push_back(kNone);
    return static_cast<std::uint32_t>(names_.add(name));
}

ConstructNode ConstructParents::node(std::size_t position) const {
    const Node& node = nodes_[position];
    ConstructNode view{names_.name(node.id), std::nullopt, std::nullopt};
    if (node.parent != kNone) view.parent = names_.name(node.parent);
    if (node.has_micro_step) view.micro_step = node.micro_step;
    return view;
}

std::optional<ConstructNode> ConstructParents::find(std::string_view id) const {
    const auto at = names_.find(id);
    if (!at || first_node_[*at] == kNone) return std::nullopt;
    return node(first_node_[*at]);
}

std::optional<std::string_view> ConstructParents::parent_of(std::string_view id) const {
    const auto found = find(id);
    return found ? found->parent : std::nullopt;
}

}  // namespace msprobe::dump
