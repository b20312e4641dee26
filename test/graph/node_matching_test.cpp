// match_nodes: a matched node holds its partner, whatever its depth.
#include <catch2/catch.hpp>

#include <string>
#include <type_traits>

#include "graph/model_graph.hpp"
#include "graph/node_matching.hpp"

using msprobe::graph::attach;
using msprobe::graph::GraphNode;
using msprobe::graph::MatchKind;
using msprobe::graph::ModelGraph;
using msprobe::graph::NodeKind;

namespace {

void chain(ModelGraph& graph, std::size_t depth) {
    GraphNode* parent = &graph.root();
    for (std::size_t i = 0; i < depth; ++i) {
        GraphNode& node = graph.add("Module.l" + std::to_string(i) + ".L.forward.0", NodeKind::Module);
        attach(node, *parent);
        parent = &node;
    }
}

}  // namespace

// What a match leaves on a node is one pointer: matched_node_link (the
// partner's ancestors) is made from it row by row, so a compare holds no
// per-node copy of a path, and its memory grows with the nodes, not with depth².
static_assert(std::is_same_v<decltype(GraphNode::partner), GraphNode*>);

TEST_CASE("match_nodes pairs every level of two 100 000-deep chains, each with its partner", "[graph][matching]") {
    constexpr std::size_t kDepth = 100000;
    ModelGraph npu, bench;
    chain(npu, kDepth);
    chain(bench, kDepth);
    for (const MatchKind kind : {MatchKind::Default, MatchKind::Fuzzy, MatchKind::LayerMapping}) {
        for (const auto& node : npu.nodes()) node->partner = nullptr;
        for (const auto& node : bench.nodes()) node->partner = nullptr;
        const auto pairs = match_nodes(npu, bench, kind);
        REQUIRE(pairs.size() == kDepth + 1);
        for (const auto& [n, b] : pairs) {
            REQUIRE(n->id == b->id);
            REQUIRE(n->partner == b);
            REQUIRE(b->partner == n);
        }
        // Breadth first from the root.
        CHECK(pairs.front().first == &npu.root());
        CHECK(pairs.back().first->id == "Module.l" + std::to_string(kDepth - 1) + ".L.forward.0");
    }
}

TEST_CASE("match_nodes by default needs the same ancestors on both sides", "[graph][matching]") {
    ModelGraph npu, bench;
    GraphNode& a = npu.add("Module.a.A.forward.0", NodeKind::Module);
    attach(a, npu.root());
    GraphNode& x = npu.add("Module.x.X.forward.0", NodeKind::Module);
    attach(x, a);
    GraphNode& b = bench.add("Module.b.B.forward.0", NodeKind::Module);
    attach(b, bench.root());
    GraphNode& bx = bench.add("Module.x.X.forward.0", NodeKind::Module);
    attach(bx, b);
    const auto pairs = match_nodes(npu, bench, MatchKind::Default);
    REQUIRE(pairs.size() == 1);  // the roots
    CHECK_FALSE(x.matched());
    CHECK_FALSE(bx.matched());
    CHECK(npu.root().partner == &bench.root());
}
