#include "graph/pending_nodes.hpp"

#include <stdexcept>

namespace msprobe::graph {

void PendingNodes::append(std::unique_ptr<GraphNode> node) { nodes_.push_back(std::move(node)); }

void PendingNodes::append_unreadable(std::string reason) {
    unreadable_.emplace(nodes_.size(), std::move(reason));
    nodes_.emplace_back();
}

void PendingNodes::set_names(NameTable names) {
    if (names.size() != nodes_.size()) throw std::logic_error("PendingNodes: a name for each entry, no more");
    names_ = std::move(names);
}

std::optional<std::size_t> PendingNodes::find(std::string_view id) const { return names_.find(id); }

const std::string* PendingNodes::unreadable(std::size_t position) const {
    const auto found = unreadable_.find(position);
    return found == unreadable_.end() ? nullptr : &found->second;
}

void PendingNodes::clear() {
    names_.clear();
    decltype(nodes_)().swap(nodes_);
    unreadable_.clear();
}

}  // namespace msprobe::graph
