// AncestorPaths: equal root paths, across graphs, without copying them.
#include <catch2/catch.hpp>

#include <string>

#include "graph/ancestor_paths.hpp"
#include "graph/model_graph.hpp"

using msprobe::graph::AncestorPaths;
using msprobe::graph::attach;
using msprobe::graph::GraphNode;
using msprobe::graph::ModelGraph;
using msprobe::graph::NodeKind;

namespace {

// root → ids[0] → ids[1] → …; the deepest node.
GraphNode& chain(ModelGraph& graph, const std::vector<std::string>& ids) {
    GraphNode* parent = &graph.root();
    for (const auto& id : ids) {
        GraphNode& node = graph.add(id, NodeKind::Module);
        attach(node, *parent);
        parent = &node;
    }
    return *parent;
}

}  // namespace

TEST_CASE("AncestorPaths: the same ids from the root down, in one graph or two", "[graph][ancestors]") {
    ModelGraph npu, bench;
    GraphNode& a = chain(npu, {"m", "n", "x"});
    GraphNode& b = chain(bench, {"m", "n", "x"});
    GraphNode& other_parent = chain(bench, {"m2", "n", "y"});
    AncestorPaths paths;
    CHECK(paths.same_ancestors(a, b));
    CHECK(paths.same_ancestors(*a.parent, *b.parent));
    // Same parent id, different grandparent.
    CHECK_FALSE(paths.same_ancestors(a, other_parent));
    // Same ids, different depth.
    ModelGraph deeper;
    GraphNode& c = chain(deeper, {"m", "m", "n", "x"});
    CHECK_FALSE(paths.same_ancestors(a, c));
    // The roots have no ancestors; a root child has the root only.
    CHECK(paths.same_ancestors(npu.root(), bench.root()));
    CHECK_FALSE(paths.same_ancestors(npu.root(), *npu.root().children.front()));
    CHECK(paths.same_ancestors(*npu.root().children.front(), *bench.root().children.back()));
}

TEST_CASE("AncestorPaths: a 200 000-deep chain is answered node by node without recursion", "[graph][ancestors]") {
    constexpr std::size_t kDepth = 200000;
    std::vector<std::string> ids;
    for (std::size_t i = 0; i < kDepth; ++i) ids.push_back("Module.l" + std::to_string(i) + ".L.forward.0");
    ModelGraph npu, bench;
    chain(npu, ids);
    ids[kDepth / 2] = "Module.changed.L.forward.0";
    chain(bench, ids);
    AncestorPaths paths;
    std::size_t same = 0;
    // Each node against its namesake: the root and the levels above the change agree.
    for (const auto& node : npu.nodes()) {
        const GraphNode* partner = bench.find(node->id);
        if (partner != nullptr && paths.same_ancestors(*node, *partner)) ++same;
    }
    CHECK(same == kDepth / 2 + 1);  // the root and the levels above the change
}
