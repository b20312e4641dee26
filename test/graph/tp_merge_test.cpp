// Tensor-parallel merge on two hand-made ranks: a split item takes the merged
// statistics and its node the formulas; items alike on every rank and nodes
// another rank lacks stay as they are.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "graph/tp_merge.hpp"
#include "merge_graphs.hpp"

using namespace msprobe::graph;
using msprobe::testing::add_stat_node;
using msprobe::testing::ItemStats;

namespace {

// One rank: a layer module holding a matmul (its output split by TP) and a relu (whole on every rank).
void build_rank(ModelGraph& graph, int rank, const ItemStats& matmul_output) {
    GraphNode& layer = add_stat_node(graph, graph.root(), "Module.layer.Layer.forward.0", NodeKind::Module, rank,
                                     {1, 0, 0.5, 1}, {1, 0, 0.5, 1});
    add_stat_node(graph, layer, "Torch.matmul.0.forward", NodeKind::Api, rank, {1, 0, 0.5, 1}, matmul_output);
    add_stat_node(graph, layer, "Torch.relu.0.forward", NodeKind::Api, rank, {1, 0, 0.5, 1}, {1, 0, 0.5, 1});
    if (rank == 0) {  // a node only the main rank has
        add_stat_node(graph, layer, "Torch.sum.0.forward", NodeKind::Api, rank, {1, 0, 0.5, 1}, {2, 0, 1, 2});
    }
}

}  // namespace

TEST_CASE("TP merge: split statistics merged into the main rank's item, with msprobe's formulas", "[graph][tp_merge]") {
    ModelGraph main, other;
    build_rank(main, 0, {4, 0, 2, 4});
    build_rank(other, 1, {3, -1, 1, 3});
    merge_tp_group({{0, &main}, {1, &other}});

    const GraphNode& matmul = *main.find("Torch.matmul.0.forward");
    CHECK(matmul.rare().parallel_merge_info ==
          std::vector<std::string>{
              "This data is the merged data after tensor parallelism(TP), and the data is merged from rank [0, 1].",
              "The Max value merging method for output.0 is: max(4.0, 3.0) = 4.0",
              "The Min value merging method for output.0 is: min(0.0, -1.0) = -1.0",
              "The Mean value merging method for output.0 is: (2.0 + 1.0) / 2 = 1.5",
              "The Norm value merging method for output.0 is: (4.0 ** 2 + 3.0 ** 2) ** 0.5 = 5.0"});
    const PortItem& merged = matmul.outputs[0];
    CHECK(merged.row().stat(1).number == -1.0);
    CHECK(merged.row().stat(2).number == 1.5);
    CHECK(merged.row().stat(3).number == 5.0);
    const auto norm = merged.fields().find("Norm");
    REQUIRE(norm);
    CHECK(norm->is_float);
    CHECK(norm->number == 5.0);
    // The other rank's node is read, not changed.
    CHECK(other.find("Torch.matmul.0.forward")->outputs[0].row().stat(3).number == 3.0);
    // Alike on every rank, or on the main rank only: nothing to merge.
    CHECK(main.find("Torch.relu.0.forward")->rare().parallel_merge_info.empty());
    CHECK(main.find("Torch.sum.0.forward")->rare().parallel_merge_info.empty());
    CHECK(main.find("Module.layer.Layer.forward.0")->rare().parallel_merge_info.empty());
}

TEST_CASE("TP merge: a group of one rank is left alone", "[graph][tp_merge]") {
    ModelGraph main;
    build_rank(main, 0, {4, 0, 2, 4});
    merge_tp_group({{0, &main}});
    CHECK(main.find("Torch.matmul.0.forward")->rare().parallel_merge_info.empty());
    CHECK(main.find("Torch.matmul.0.forward")->outputs[0].row().stat(0).number == 4.0);
}
