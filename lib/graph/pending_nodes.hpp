#pragma once
// dump.json's entries made into nodes as the file streams by, waiting for the
// build to hang them in the tree in construct.json's order: an entry's items
// go into its node once, with no record in between. The entries are found by
// the names the stream kept (NameTable), not by copies. Both sides of a
// compare hold theirs at once.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "common/name_table.hpp"
#include "graph/graph_node.hpp"

namespace msprobe::graph {

class PendingNodes {
public:
    // The next entry's node (its id the entry's name, unique in the file), in file order.
    void append(std::unique_ptr<GraphNode> node);
    // The next entry, which cannot be read: `reason` is reported, naming dump.json, only when the graph takes it.
    void append_unreadable(std::string reason);
    // The entries' names, once the file is read: one per entry, in the same order (a stream's entry names).
    // Throws std::logic_error when the counts differ.
    void set_names(NameTable names);

    std::size_t size() const { return nodes_.size(); }
    std::string_view name(std::size_t position) const { return names_.name(position); }
    // The entry's node at `position`; nullptr once taken.
    const GraphNode* at(std::size_t position) const { return nodes_[position].get(); }
    // The position of entry `id`; nullopt when dump.json has no such entry.
    std::optional<std::size_t> find(std::string_view id) const;
    // The node at `position`, which leaves the list (nullptr when already taken). Throws msprobe::Error naming
    // `file` (dump.json) with the reason when the entry cannot be read.
    std::unique_ptr<GraphNode> take(std::size_t position, const std::string& file);
    // Frees everything.
    void clear();

private:
    NameTable names_;
    std::vector<std::unique_ptr<GraphNode>> nodes_;  // a null node for an unreadable entry, and once taken
    std::unordered_map<std::size_t, std::string> unreadable_;
};

}  // namespace msprobe::graph
