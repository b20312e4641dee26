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
#include <vector>

#include "common/name_table.hpp"
#include "dump/json_file.hpp"
#include "dump/json_view.hpp"

namespace msprobe::dump {

// One entry, read through its ConstructParents: the views live as long as it does, unchanged.
struct ConstructNode {
    std::string_view id;
    // The value when it is a name, or the first item of a list when that is one; null and anything else: none.
    std::optional<std::string_view> parent;
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

    // The entries in document order: size() of them, node(i) the i-th.
    std::size_t size() const { return nodes_.size(); }
    ConstructNode node(std::size_t position) const;
    // The node `id`; nullopt when construct.json does not name it.
    std::optional<ConstructNode> find(std::string_view id) const;
    bool contains(std::string_view id) const { return find(id).has_value(); }
    // The parent name of `id`; nullopt when it has none or is not named.
    std::optional<std::string_view> parent_of(std::string_view id) const;
    // megatron_micro_step_number when the file has it.
    std::optional<int> megatron_micro_steps() const { return megatron_micro_steps_; }
    // Whether the file lists nothing (an L1 dump writes {}).
    bool empty() const { return nodes_.empty() && !megatron_micro_steps_; }

private:
    enum class Reading : std::uint8_t { Lenient, Checked };
    static ConstructParents read(JsonView root, Reading reading, const std::string& file);
    // The position of `name` in names_, added on first sight: an entry's id is mostly another's parent.
    std::uint32_t name_position(std::string_view name);

    static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
    // 16 bytes an entry, its names kept once in names_: construct.json names every API, and a compare
    // holds both sides' tables at once while it builds.
    struct Node {
        std::uint32_t id = kNone;      // names_ position
        std::uint32_t parent = kNone;  // names_ position; kNone for none
        std::int32_t micro_step = 0;
        bool has_micro_step = false;
    };

    NameTable names_;
    std::vector<Node> nodes_;
    std::vector<std::uint32_t> first_node_;  // names_ position → the first node of that id; kNone for none
    std::optional<int> megatron_micro_steps_;
};

}  // namespace msprobe::dump
