#pragma once
// construct.json as the graph builder reads it: entry → parent (null or a
// name), in document order, plus the per-entry micro step of Megatron's layout
// ({"megatron_micro_step_number": n, entry: [parent, micro_step], ...}).
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "dump/json_file.hpp"

namespace msprobe::graph {

struct ConstructEntry {
    std::string id;
    std::optional<std::string> parent;
    std::optional<int> micro_step;  // Megatron layout only
};

class ConstructTable {
public:
    // Throws msprobe::Error naming the file: not an object, empty (an L1
    // dump), a parent that is neither null, a name nor a [parent, micro step] pair.
    static ConstructTable read(const dump::JsonFile& file);

    const std::vector<ConstructEntry>& entries() const { return entries_; }
    // The entry of `id`; nullptr when construct.json has no such key.
    const ConstructEntry* find(const std::string& id) const;
    bool contains(const std::string& id) const { return find(id) != nullptr; }
    // megatron_micro_step_number when the file has it.
    std::optional<int> megatron_micro_steps() const { return megatron_micro_steps_; }

    // The parent msprobe attaches `entry` to after repairing backward entries
    // whose recorded parent is missing or wrong (in-place modules fire no
    // backward hook); nullopt = the root.
    // `strict_compat`: rewrite API names as msprobe does (backward_names.hpp).
    std::optional<std::string> repaired_parent(const ConstructEntry& entry, bool strict_compat) const;

private:
    std::optional<std::string> missing_backward_parent(const std::string& child, bool strict_compat) const;
    std::optional<std::string> in_place_backward_parent(const std::string& child, const std::string& parent) const;

    std::vector<ConstructEntry> entries_;
    std::unordered_map<std::string, std::size_t> index_;
    std::optional<int> megatron_micro_steps_;
};

}  // namespace msprobe::graph
