#pragma once
// construct.json as the graph builder reads it: its parents checked
// (dump::ConstructParents::read_checked), and the parent each entry is
// attached to once backward entries are repaired.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dump/construct_parents.hpp"
#include "dump/json_file.hpp"

namespace msprobe::graph {

using ConstructEntry = dump::ConstructNode;

class ConstructTable {
public:
    // Throws msprobe::Error naming the file: not an object, empty (an L1
    // dump), a parent that is neither null, a name nor a [parent, micro step] pair.
    static ConstructTable read(const dump::JsonFile& file);

    // In document order: size() entries, entry(i) the i-th, read through the table.
    std::size_t size() const { return parents_.size(); }
    ConstructEntry entry(std::size_t position) const { return parents_.node(position); }
    // The entry of `id`; nullopt when construct.json has no such key.
    std::optional<ConstructEntry> find(std::string_view id) const { return parents_.find(id); }
    bool contains(std::string_view id) const { return parents_.contains(id); }
    // megatron_micro_step_number when the file has it.
    std::optional<int> megatron_micro_steps() const { return parents_.megatron_micro_steps(); }

    // The parent msprobe attaches `entry` to after repairing backward entries
    // whose recorded parent is missing or wrong (in-place modules fire no
    // backward hook); nullopt = the root.
    // `strict_compat`: rewrite API names as msprobe does (backward_names.hpp).
    std::optional<std::string> repaired_parent(const ConstructEntry& entry, bool strict_compat) const;

private:
    std::optional<std::string> missing_backward_parent(std::string_view child, bool strict_compat) const;
    std::optional<std::string> in_place_backward_parent(std::string_view child, std::string_view parent) const;

    dump::ConstructParents parents_;
};

}  // namespace msprobe::graph
