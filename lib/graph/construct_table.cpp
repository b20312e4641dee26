#include "graph/construct_table.hpp"

#include <fmt/format.h>

#include <rapidjson/document.h>

#include "common/error.hpp"
#include "graph/backward_names.hpp"
#include "graph/id_segments.hpp"

namespace msprobe::graph {

namespace {

constexpr const char* kMegatronKey = "megatron_micro_step_number";

std::optional<std::string> parent_name(const rapidjson::Value& value, const std::string& file, const std::string& id) {
    if (value.IsNull()) return std::nullopt;
    if (value.IsString()) return std::string(value.GetString(), value.GetStringLength());
    throw Error(file, fmt::format("the parent of '{}' is neither null nor a name", id));
}

// "<x>.forward.<n>" → "<x>.backward.<n>"; any other name unchanged (a regex substitution that did not match).
std::string forward_to_backward(const std::string& id) {
    const auto count = module_forward_count(id);
    return count ? with_direction(id, "forward", "backward", *count) : id;
}

}  // namespace

ConstructTable ConstructTable::read(const dump::JsonFile& file) {
    const rapidjson::Value& root = file.document();
    if (!root.IsObject()) throw Error(file.path(), "construct.json is not a JSON object");
    if (root.ObjectEmpty()) {
        throw Error(file.path(),
                    "the content is empty, so no graph can be built (an L1 dump? only L0 and mix dumps can be graphed)");
    }
    ConstructTable table;
    for (const auto& member : root.GetObject()) {
        std::string id(member.name.GetString(), member.name.GetStringLength());
        const rapidjson::Value& value = member.value;
        if (id == kMegatronKey) {
            if (!value.IsInt()) throw Error(file.path(), fmt::format("'{}' is not an integer", kMegatronKey));
            table.megatron_micro_steps_ = value.GetInt();
            continue;
        }
        ConstructEntry entry;
        if (value.IsArray()) {
            if (value.Size() != 2 || !value[1].IsInt()) {
                throw Error(file.path(), fmt::format("the parent of '{}' is not a [parent, micro step] pair", id));
            }
            entry.parent = parent_name(value[0], file.path(), id);
            entry.micro_step = value[1].GetInt();
        } else {
            entry.parent = parent_name(value, file.path(), id);
        }
        entry.id = std::move(id);
        table.index_[entry.id] = table.entries_.size();
        table.entries_.push_back(std::move(entry));
    }
    if (table.megatron_micro_steps_) {
        // Plain-string entries of a Megatron file are micro step 0.
        for (auto& entry : table.entries_) {
            if (!entry.micro_step) entry.micro_step = 0;
        }
    }
    return table;
}

const ConstructEntry* ConstructTable::find(const std::string& id) const {
    const auto it = index_.find(id);
    return it == index_.end() ? nullptr : &entries_[it->second];
}

std::optional<std::string> ConstructTable::repaired_parent(const ConstructEntry& entry, bool strict_compat) const {
    if (!entry.parent) return missing_backward_parent(entry.id, strict_compat);
    return in_place_backward_parent(entry.id, *entry.parent);
}

std::optional<std::string> ConstructTable::missing_backward_parent(const std::string& child, bool strict_compat) const {
    if (const auto count = module_backward_count(child)) {
        const ConstructEntry* twin = find(with_direction(child, "backward", "forward", *count));
        if (twin == nullptr || !twin->parent || twin->parent->empty()) return std::nullopt;
        std::string candidate = forward_to_backward(*twin->parent);
        if (contains(candidate)) return candidate;
        return std::nullopt;
    }
    if (ends_with(child, ".backward")) {
        const ConstructEntry* twin = find(direction_twin(child, "backward", "forward", strict_compat));
        if (twin == nullptr || !twin->parent || twin->parent->empty()) return std::nullopt;
        std::string candidate = direction_twin(*twin->parent, "forward", "backward", strict_compat);
        if (contains(candidate)) return candidate;
    }
    return std::nullopt;
}

std::optional<std::string> ConstructTable::in_place_backward_parent(const std::string& child,
                                                                    const std::string& parent) const {
    const auto count = module_backward_count(child);
    if (!count) return parent;
    const auto child_parts = split_id(child);
    const auto parent_parts = split_id(parent);
    if (child_parts.size() < 5 || parent_parts.size() < 4) return parent;
    if (join_fields(child_parts, child_parts.size() - 4) == join_fields(parent_parts, parent_parts.size() - 3)) {
        return parent;
    }
    const ConstructEntry* twin = find(with_direction(child, "backward", "forward", *count));
    if (twin == nullptr) return parent;
    if (!twin->parent) return std::nullopt;
    std::string candidate = forward_to_backward(*twin->parent);
    return contains(candidate) ? candidate : parent;
}

}  // namespace msprobe::graph
