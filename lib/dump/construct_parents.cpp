#include "dump/construct_parents.hpp"

#include <fmt/format.h>

#include "common/error.hpp"

namespace msprobe::dump {

namespace {

constexpr std::string_view kMegatronKey = "megatron_micro_step_number";

// A parent as a name, null, or (checked) an error naming the entry.
std::optional<std::string> parent_name(JsonView value, bool checked, const std::string& file, std::string_view id) {
    if (const auto name = value.string()) return std::string(*name);
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
        ConstructNode node;
        if (value.is_array()) {
            const auto step = value.size() == 2 ? value.item(1).int32() : std::nullopt;
            if (checked && !step) {
                throw Error(file, fmt::format("the parent of '{}' is not a [parent, micro step] pair", member.name));
            }
            node.parent = parent_name(value.item(0), checked, file, member.name);
            node.micro_step = step;
        } else {
            node.parent = parent_name(value, checked, file, member.name);
        }
        node.id = std::string(member.name);
        parents.nodes_.push_back(std::move(node));
    }
    if (parents.megatron_micro_steps_) {
        // Plain entries of a Megatron file are micro step 0.
        for (ConstructNode& node : parents.nodes_) {
            if (!node.micro_step) node.micro_step = 0;
        }
    }
    parents.index_nodes();
    return parents;
}

void ConstructParents::index_nodes() {
    index_.reserve(nodes_.size());
    for (std::size_t i = 0; i < nodes_.size(); ++i) index_.try_emplace(nodes_[i].id, i);
}

const ConstructNode* ConstructParents::find(std::string_view id) const {
    const auto found = index_.find(id);
    return found == index_.end() ? nullptr : &nodes_[found->second];
}

std::optional<std::string_view> ConstructParents::parent_of(std::string_view id) const {
    const ConstructNode* node = find(id);
    if (node == nullptr || !node->parent) return std::nullopt;
    return *node->parent;
}

}  // namespace msprobe::dump
