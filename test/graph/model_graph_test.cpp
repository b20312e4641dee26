// The tree of one rank folder: creation order, lookup by id, post order.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "graph/model_graph.hpp"

using namespace msprobe::graph;

namespace {

template <class Nodes>
std::vector<std::string> ids(const Nodes& nodes) {
    std::vector<std::string> out;
    for (const auto* node : nodes) out.push_back(node->id);
    return out;
}

}  // namespace

TEST_CASE("model_graph: a new graph is its root, DefaultModel", "[graph][tree]") {
    const ModelGraph graph;
    CHECK(graph.root().id == "DefaultModel");
    CHECK(graph.find("DefaultModel") == &graph.root());
    CHECK(graph.nodes().size() == 1);
    CHECK(ids(graph.post_order()) == std::vector<std::string>{"DefaultModel"});
    CHECK(graph.micro_steps == 1);
}

TEST_CASE("model_graph: post order puts a node after its subtree, each id once", "[graph][tree]") {
    ModelGraph graph;
    GraphNode& a = graph.add("A", NodeKind::Module);
    GraphNode& b = graph.add("B", NodeKind::Module);
    GraphNode& c = graph.add("C", NodeKind::Api);
    attach(a, graph.root());
    attach(b, a);
    attach(c, graph.root());
    attach(c, a);  // the first parent wins
    attach(a, a);  // never its own parent
    CHECK(c.parent == &graph.root());
    CHECK(ids(a.children) == std::vector<std::string>{"B"});
    CHECK(ids(graph.post_order()) == std::vector<std::string>{"B", "A", "C", "DefaultModel"});
    CHECK(ancestor_ids(b) == std::vector<std::string>{"DefaultModel", "A"});
    CHECK(ancestor_ids(graph.root()).empty());

    // A namesake hung in the tree too (a parallel merge's) is exported once, where first met.
    GraphNode& twin = graph.add("B", NodeKind::Module);
    attach(twin, graph.root());
    CHECK(graph.find("B") == &b);  // the first node of an id keeps it
    CHECK(ids(graph.post_order()) == std::vector<std::string>{"B", "A", "C", "DefaultModel"});
    CHECK(graph.nodes().size() == 5);
}

TEST_CASE("model_graph: the lookup keeps a Python dict's order through renames", "[graph][tree]") {
    ModelGraph graph;
    GraphNode& a = graph.add("A", NodeKind::Module);
    graph.add("B", NodeKind::Module);
    GraphNode& c = graph.add("C", NodeKind::Module);
    CHECK(ids(graph.lookup_order()) == std::vector<std::string>{"DefaultModel", "A", "B", "C"});

    graph.rename(a, "A2");  // a renamed node moves to the end
    CHECK(graph.find("A") == nullptr);
    CHECK(graph.find("A2") == &a);
    CHECK(ids(graph.lookup_order()) == std::vector<std::string>{"DefaultModel", "B", "C", "A2"});

    GraphNode other;
    other.id = "B";
    graph.index(other);  // indexed again under an existing id: it keeps the place and names the new node
    CHECK(graph.find("B") == &other);
    CHECK(ids(graph.lookup_order()) == std::vector<std::string>{"DefaultModel", "B", "C", "A2"});

    graph.forget("C");
    CHECK(graph.find("C") == nullptr);
    CHECK(ids(graph.lookup_order()) == std::vector<std::string>{"DefaultModel", "B", "A2"});
    CHECK(c.id == "C");  // the node itself stays
}

TEST_CASE("model_graph: a forgotten id takes the last place again, an id changed in place is found by the old one",
          "[graph][tree]") {
    ModelGraph graph;
    GraphNode& a = graph.add("A", NodeKind::Module);
    GraphNode& b = graph.add("B", NodeKind::Module);
    graph.forget("A");
    graph.index(a);
    CHECK(ids(graph.lookup_order()) == std::vector<std::string>{"DefaultModel", "B", "A"});
    b.id = "B2";  // a merge renames some nodes in place, then looks them up by their old ids
    CHECK(graph.find("B") == &b);
    CHECK(graph.find("B2") == nullptr);
    CHECK(ids(graph.lookup_order()) == std::vector<std::string>{"DefaultModel", "A"});  // B's place is stale
    graph.index(b);
    CHECK(graph.find("B2") == &b);
    CHECK(graph.find("B") == &b);
    for (int i = 0; i < 5000; ++i) graph.add("Module.layer." + std::to_string(i), NodeKind::Module);
    for (int i = 0; i < 5000; i += 7)
        CHECK(graph.find("Module.layer." + std::to_string(i))->id == "Module.layer." + std::to_string(i));
    CHECK(graph.lookup_order().size() == 5003);
}
