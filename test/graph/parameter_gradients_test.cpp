// parameters_grad entries hang under the last backward call of their module.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "graph/parameter_gradients.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe::graph;

namespace {

constexpr const char* kTensor = R"({"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2], "Max": 1.0,
"Min": 0.0, "Mean": 0.5, "Norm": 1.0, "requires_grad": false})";

// Two modules' parameter gradients; only fc ran backward (twice).
RankFolder gradients_folder() {
    const fs::path dir = msprobe::testing::scratch_dir("parameter_gradients");
    const std::string grad = std::string(R"({"weight": [)") + kTensor + "]}";
    msprobe::testing::write_file(dir / "dump.json", R"({"task": "statistics", "level": "L0", "framework": "pytorch",
"dump_data_dir": null, "data": {"Module.fc.Linear.parameters_grad": )" +
                                                        grad + R"(, "Module.head.Head.parameters_grad": )" + grad +
                                                        "}}");
    msprobe::testing::write_file(dir / "construct.json",
                                 R"({"Module.fc.Linear.backward.0": null, "Module.fc.Linear.backward.1": null})");
    msprobe::testing::write_file(dir / "stack.json", "{}");
    return read_rank_folder(dir, {});
}

}  // namespace

TEST_CASE("parameter_gradients: under the module's backward call with the largest count", "[graph][tree]") {
    RankFolder folder = gradients_folder();
    ModelGraph graph;
    for (const char* id :
         {"Module.fc.Linear.forward.0", "Module.fc.Linear.backward.1", "Module.fc.Linear.backward.0"}) {
        attach(graph.add(id, NodeKind::Module), graph.root());
    }
    add_parameter_gradients(graph, folder);

    const GraphNode* grad = graph.find("Module.fc.Linear.parameters_grad");
    REQUIRE(grad != nullptr);
    CHECK(grad->kind == NodeKind::Module);
    CHECK(grad->parent == graph.find("Module.fc.Linear.backward.1"));
    CHECK(grad->has_record);
    REQUIRE(grad->inputs.size() == 1);  // every item in the input map
    CHECK(grad->outputs.empty());
    CHECK(grad->inputs[0].row().stat(0).number == 1.0);
    // head never ran backward (a torch 1.13 dump): its gradients are dropped.
    CHECK(graph.find("Module.head.Head.parameters_grad") == nullptr);
    CHECK(graph.nodes().size() == 5);
}

TEST_CASE("parameter_gradients: a graph without backward calls takes none", "[graph][tree]") {
    RankFolder folder = gradients_folder();
    ModelGraph graph;
    attach(graph.add("Module.fc.Linear.forward.0", NodeKind::Module), graph.root());
    add_parameter_gradients(graph, folder);
    CHECK(graph.nodes().size() == 2);
}
