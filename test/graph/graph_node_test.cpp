// One vertex of a model graph: the node_type numbers tb-graph-ascend reads, and what a fresh node holds.
#include <catch2/catch.hpp>

#include "graph/graph_node.hpp"

using namespace msprobe::graph;

TEST_CASE("graph_node: node types as tb-graph-ascend numbers them", "[graph][tree]") {
    CHECK(static_cast<int>(NodeKind::Module) == 0);
    CHECK(static_cast<int>(NodeKind::Api) == 1);
    CHECK(static_cast<int>(NodeKind::ApiCollection) == 9);
}

TEST_CASE("graph_node: a node is matched once it has a partner", "[graph][tree]") {
    GraphNode npu, bench;
    CHECK_FALSE(npu.matched());
    CHECK_FALSE(npu.precision);
    CHECK(npu.kind == NodeKind::Module);
    CHECK_FALSE(npu.rare().matched_distributed);
    CHECK_FALSE(npu.rare_fields);  // made only when one is set
    npu.partner = &bench;
    CHECK(npu.matched());
    CHECK_FALSE(bench.matched());
    const PrecisionIndex index;
    CHECK(index.value == 0);
    CHECK(index.is_integer);
}
