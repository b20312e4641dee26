// Runs of top-level APIs grouped under Apis_Between_Modules nodes.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "graph/api_collections.hpp"

using namespace msprobe::graph;

namespace {

std::vector<std::string> ids(const std::vector<GraphNode*>& nodes) {
    std::vector<std::string> out;
    for (const GraphNode* node : nodes) out.push_back(node->id);
    return out;
}

}  // namespace

TEST_CASE("api_collections: two or more APIs in a row become one collection at their place", "[graph][tree]") {
    ModelGraph graph;
    const std::vector<std::pair<std::string, NodeKind>> top = {
        {"Torch.a.0.forward", NodeKind::Api},        {"Torch.b.0.forward", NodeKind::Api},
        {"Module.m.M.forward.0", NodeKind::Module},  {"Torch.c.0.forward", NodeKind::Api},
        {"Module.m.M.backward.0", NodeKind::Module}, {"Torch.d.0.forward", NodeKind::Api},
        {"Torch.e.0.forward", NodeKind::Api},        {"Torch.f.0.forward", NodeKind::Api}};
    for (const auto& [id, kind] : top) attach(graph.add(id, kind), graph.root());
    graph.find("Torch.a.0.forward")->micro_step = 2;
    group_apis_between_modules(graph);

    CHECK(ids(graph.root().children) == std::vector<std::string>{"Apis_Between_Modules.0", "Module.m.M.forward.0",
                                                                 "Torch.c.0.forward", "Module.m.M.backward.0",
                                                                 "Apis_Between_Modules.1"});
    const GraphNode* first = graph.find("Apis_Between_Modules.0");
    CHECK(first->kind == NodeKind::ApiCollection);
    CHECK(first->parent == &graph.root());
    CHECK(first->micro_step == 2);  // its first API's
    CHECK(ids(first->children) == std::vector<std::string>{"Torch.a.0.forward", "Torch.b.0.forward"});
    CHECK(graph.find("Torch.b.0.forward")->parent == first);
    CHECK(ids(graph.find("Apis_Between_Modules.1")->children) ==
          std::vector<std::string>{"Torch.d.0.forward", "Torch.e.0.forward", "Torch.f.0.forward"});
    CHECK(graph.find("Torch.c.0.forward")->parent == &graph.root());
}

TEST_CASE("api_collections: APIs below a module stay where they are", "[graph][tree]") {
    ModelGraph graph;
    GraphNode& module = graph.add("Module.m.M.forward.0", NodeKind::Module);
    attach(module, graph.root());
    attach(graph.add("Torch.a.0.forward", NodeKind::Api), module);
    attach(graph.add("Torch.b.0.forward", NodeKind::Api), module);
    group_apis_between_modules(graph);
    CHECK(ids(graph.root().children) == std::vector<std::string>{"Module.m.M.forward.0"});
    CHECK(ids(module.children) == std::vector<std::string>{"Torch.a.0.forward", "Torch.b.0.forward"});
    CHECK(graph.find("Apis_Between_Modules.0") == nullptr);
}
