#pragma once
// construct.json: every module and API entry of a dump → the module it was
// called in, in file order. A parent is written as null (the top level), a
// name, or in Megatron's layout as a [parent, micro step] pair, the file then
// also giving "megatron_micro_step_number". The one reading of the file: the
// graph checks its forms (read_checked), the construct chain and the layer
// mapping take what they can (of).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "dump/json_file.hpp"
#include "dump/json_view.hpp"

namespace msprobe::dump {

struct ConstructNode {
    std::string id;
    // The value when it is a name, or the first item of a list when that is one; null and anything else: none.
    std::optional<std::string> parent;
    // The second item of a [parent, micro step] pair; 0 for the other entries of a Megatron file.
    std::optional<int> micro_step;
};

class ConstructParents {
public:
    // Members the first time they are named; a top level that is not an object has none.
    static ConstructParents of(JsonView root);
    // Throws msprobe::Error naming the file: not an object, "megatron_micro_step_number" not an integer,
    // a parent that is neither null, a name nor a [parent, micro step] pair.
    static ConstructParents read_checked(const JsonFile& file);

    ConstructParents() = default;
    // The index points into the nodes' own strings, which a move keeps in place and a copy would not.
    ConstructParents(ConstructParents&&) noexcept = default;
    ConstructParents& operator=(ConstructParents&&) noexcept = default;
    ConstructParents(const ConstructParents&) = delete;
    ConstructParents& operator=(const ConstructParents&) = delete;

    const std::vector<ConstructNode>& nodes() const { return nodes_; }
    // The node `id`; nullptr when construct.json does not name it.
    const ConstructNode* find(std::string_view id) const;
    // The parent name of `id`; nullopt when it has none or is not named.
    std::optional<std::string_view> parent_of(std::string_view id) const;
    // megatron_micro_step_number when the file has it.
    std::optional<int> megatron_micro_steps() const { return megatron_micro_steps_; }
    // Whether the file lists nothing (an L1 dump writes {}).
    bool empty() const { return nodes_.empty() && !megatron_micro_steps_; }

private:
    enum class Reading : std::uint8_t { Lenient, Checked };
    static ConstructParents read(JsonView root, Reading reading, const std::string& file);
    void index_nodes();

    std::vector<ConstructNode> nodes_;
    std::unordered_map<std::string_view, std::size_t> index_;  // id → its first node
    std::optional<int> megatron_micro_steps_;
};

}  // namespace msprobe::dump
