#include "graph/construct_table.hpp"

#include "common/error.hpp"
#include "graph/backward_names.hpp"
#include "graph/id_segments.hpp"

namespace msprobe::graph {

namespace {

// "<x>.forward.<n>" → "<x>.backward.<n>"; any other name unchanged (a regex substitution that did not match).
std::string forward_to_backward(std::string_view id) {
    const auto count = module_forward_count(id);
    return count ? with_direction(id, "forward", "backward", *count) : std::string(id);
}

}  // namespace

ConstructTable ConstructTable::read(const dump::JsonFile& file) {
    ConstructTable table;
    table.parents_ = dump::ConstructParents::read_checked(file);
    if (table.parents_.empty()) {
        throw Error(
            file.path(),
            "the content is empty, so no graph can be built (an L1 dump? only L0 and mix dumps can be graphed)");
    }
    return table;
}

std::optional<std::string> ConstructTable::repaired_parent(const ConstructEntry& entry, bool strict_compat) const {
    if (!entry.parent) return missing_backward_parent(entry.id, strict_compat);
    return in_place_backward_parent(entry.id, *entry.parent);
}

std::optional<std::string> ConstructTable::missing_backward_parent(std::string_view child, bool strict_compat) const {
    if (const auto count = module_backward_count(child)) {
        const std::optional<ConstructEntry> twin = find(with_direction(child, "backward", "forward", *count));
        if (!twin || !twin->parent || twin->parent->empty()) return std::nullopt;
        std::string candidate = forward_to_backward(*twin->parent);
        if (contains(candidate)) return candidate;
        return std::nullopt;
    }
    if (ends_with(child, ".backward")) {
        const std::optional<ConstructEntry> twin = find(direction_twin(child, "backward", "forward", strict_compat));
        if (!twin || !twin->parent || twin->parent->empty()) return std::nullopt;
        std::string candidate = direction_twin(*twin->parent, "forward", "backward", strict_compat);
        if (contains(candidate)) return candidate;
    }
    return std::nullopt;
}

std::optional<std::string> ConstructTable::in_place_backward_parent(std::string_view child,
                                                                    std::string_view parent) const {
    const auto count = module_backward_count(child);
    if (!count) return std::string(parent);
    const auto child_parts = split_id(std::string(child));
    const auto parent_parts = split_id(std::string(parent));
    if (child_parts.size() < 5 || parent_parts.size() < 4) return std::string(parent);
    if (join_fields(child_parts, child_parts.size() - 4) == join_fields(parent_parts, parent_parts.size() - 3)) {
        return std::string(parent);
    }
    const std::optional<ConstructEntry> twin = find(with_direction(child, "backward", "forward", *count));
    if (!twin) return std::string(parent);
    if (!twin->parent) return std::nullopt;
    std::string candidate = forward_to_backward(*twin->parent);
    return contains(candidate) ? candidate : std::string(parent);
}

}  // namespace msprobe::graph
