// Pipeline-parallel merge on two hand-made stages: the layer each stage ran
// joins the main graph numbered in pipeline order, its APIs named after their
// rank, and a module both stages share shows the last stage's outputs.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "graph/pp_merge.hpp"
#include "merge_graphs.hpp"

using namespace msprobe::graph;
using msprobe::testing::add_stat_node;
using msprobe::testing::ItemStats;

namespace {

constexpr const char* kModel = "Module.module.GPTModel.forward.0";
constexpr const char* kLayer = "Module.module.layers.0.ParallelTransformerLayer.forward.0";

// One stage: the model, whose input every stage shares, holding its local layer 0 and an add in it.
void build_stage(ModelGraph& graph, int rank, double layer_input, double output) {
    GraphNode& model = add_stat_node(graph, graph.root(), kModel, NodeKind::Module, rank, {1, 0, 0.5, 1},
                                     {output, 0, output / 2, output});
    GraphNode& layer = add_stat_node(graph, model, kLayer, NodeKind::Module, rank,
                                     {layer_input, 0, layer_input / 2, layer_input}, {output, 0, output / 2, output});
    add_stat_node(graph, layer, "Torch.add.0.forward", NodeKind::Api, rank,
                  {layer_input, 0, layer_input / 2, layer_input}, {output, 0, output / 2, output});
}

std::vector<std::string> ids(const std::vector<GraphNode*>& nodes) {
    std::vector<std::string> out;
    for (const GraphNode* node : nodes) out.push_back(node->id);
    return out;
}

}  // namespace

TEST_CASE("PP merge: the stages' layers in pipeline order under the main model", "[graph][pp_merge]") {
    ModelGraph main, last;
    build_stage(main, 0, 1, 2);
    build_stage(last, 1, 2, 9);
    merge_pp_group({{0, &main}, {1, &last}});

    GraphNode& model = *main.find(kModel);
    CHECK(ids(model.children) ==
          std::vector<std::string>{kLayer, "Module.module.layers.1.ParallelTransformerLayer.forward.0"});
    // The shared model shows what leaves the last stage.
    CHECK(model.outputs[0].row().stat(0).number == 9);
    CHECK(model.outputs[0].key() == std::string(kModel) + ".output.0");

    const GraphNode* moved = main.find("Module.module.layers.1.ParallelTransformerLayer.forward.0");
    REQUIRE(moved != nullptr);
    CHECK(moved->parent == &model);
    CHECK(moved->rank == 1);
    CHECK(moved->inputs[0].key() == "Module.module.layers.1.ParallelTransformerLayer.forward.0.input.0");
    const GraphNode* add = main.find("Torch.add_rank1.0.forward");
    REQUIRE(add != nullptr);
    CHECK(add->parent == moved);
    CHECK(add->outputs[0].key() == "Torch.add_rank1.0.forward.output.0");
    CHECK(add->outputs[0].row().stat(0).number == 9);
    // The main stage's own layer is untouched.
    CHECK(main.find(kLayer)->outputs[0].row().stat(0).number == 2);
    CHECK(main.find("Torch.add.0.forward")->parent == main.find(kLayer));
}

TEST_CASE("PP merge: stages alike leave the main graph as it was", "[graph][pp_merge]") {
    ModelGraph main, same;
    build_stage(main, 0, 1, 2);
    build_stage(same, 1, 1, 2);
    merge_pp_group({{0, &main}, {1, &same}});
    CHECK(ids(main.find(kModel)->children) == std::vector<std::string>{kLayer});
    CHECK(main.find("Torch.add_rank1.0.forward") == nullptr);
}
