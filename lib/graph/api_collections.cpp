#include "graph/api_collections.hpp"

#include <string>

namespace msprobe::graph {

void group_apis_between_modules(ModelGraph& graph) {
    GraphNode& root = graph.root();
    std::vector<GraphNode*> children;
    int collections = 0;
    const auto& old = root.children;
    for (std::size_t i = 0; i < old.size();) {
        std::size_t end = i;
        while (end < old.size() && old[end]->kind == NodeKind::Api) ++end;
        if (end - i >= 2) {
            GraphNode& collection =
                graph.add("Apis_Between_Modules." + std::to_string(collections++), NodeKind::ApiCollection);
            collection.parent = &root;
            collection.micro_step = old[i]->micro_step;
            for (std::size_t k = i; k < end; ++k) {
                old[k]->parent = &collection;
                collection.children.push_back(old[k]);
            }
            children.push_back(&collection);
            i = end;
        } else {
            children.push_back(old[i]);
            i = end > i ? end : i + 1;
        }
    }
    root.children = std::move(children);
}

}  // namespace msprobe::graph
