#include "graph/pending_nodes.hpp"

#include <stdexcept>

#include "common/error.hpp"

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

std::unique_ptr<GraphNode> PendingNodes::take(std::size_t position, const std::string& file) {
    if (const auto found = unreadable_.find(position); found != unreadable_.end()) throw Error(file, found->second);
    return std::move(nodes_[position]);
}

void PendingNodes::clear() {
    names_.clear();
    decltype(nodes_)().swap(nodes_);
    unreadable_.clear();
}

}  // namespace msprobe::graph
