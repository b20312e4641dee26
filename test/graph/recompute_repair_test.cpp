// Recomputed layers recorded at the top level move under the backward node of the layer they belong to.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "dump/stack_file.hpp"
#include "graph/recompute_repair.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::graph;

namespace {

// The model's forward holds the layer's first call; its second call (and that call's backward) sit at the top.
ModelGraph checkpointed_model() {
    ModelGraph graph;
    GraphNode& model = graph.add("Module.model.Model.forward.0", NodeKind::Module);
    attach(model, graph.root());
    attach(graph.add("Module.layers.0.Layer.forward.0", NodeKind::Module), model);
    for (const char* id :
         {"Module.model.Model.backward.0", "Module.layers.0.Layer.forward.1", "Module.layers.0.Layer.backward.1"}) {
        attach(graph.add(id, NodeKind::Module), graph.root());
    }
    return graph;
}

std::vector<std::string> ids(const std::vector<GraphNode*>& nodes) {
    std::vector<std::string> out;
    for (const GraphNode* node : nodes) out.push_back(node->id);
    return out;
}

const std::vector<std::string> kMoved = {"Module.model.Model.forward.0", "Module.model.Model.backward.0"};
const std::vector<std::string> kKept = {"Module.model.Model.forward.0", "Module.model.Model.backward.0",
                                        "Module.layers.0.Layer.forward.1", "Module.layers.0.Layer.backward.1"};

}  // namespace

TEST_CASE("recompute_repair: a layer and its backward move under the model's backward node", "[graph][recompute]") {
    ModelGraph graph = checkpointed_model();
    repair_recomputed_layers(graph);
    CHECK(ids(graph.root().children) == kMoved);
    const GraphNode* backward = graph.find("Module.model.Model.backward.0");
    CHECK(ids(backward->children) ==
          std::vector<std::string>{"Module.layers.0.Layer.forward.1", "Module.layers.0.Layer.backward.1"});
    CHECK(graph.find("Module.layers.0.Layer.backward.1")->parent == backward);
}

TEST_CASE("recompute_repair: shallow ids and layers without a twin at the top stay", "[graph][recompute]") {
    ModelGraph graph;
    GraphNode& model = graph.add("Module.model.Model.forward.0", NodeKind::Module);
    attach(model, graph.root());
    attach(graph.add("Module.fc.Linear.forward.0", NodeKind::Module), model);
    attach(graph.add("Module.model.Model.backward.0", NodeKind::Module), graph.root());
    attach(graph.add("Module.fc.Linear.forward.1", NodeKind::Module), graph.root());       // 5 segments
    attach(graph.add("Module.layers.0.Layer.forward.1", NodeKind::Module), graph.root());  // no backward twin
    const auto before = ids(graph.root().children);
    repair_recomputed_layers(graph);
    CHECK(ids(graph.root().children) == before);
}

TEST_CASE("recompute_repair: stack_confirms moves a PyTorch dump's layer only on its stack's word",
          "[graph][recompute]") {
    const RecomputeRules confirmed{.stack_confirms = true, .skip_moves_below_self = false};
    ModelGraph bare = checkpointed_model();
    repair_recomputed_layers(bare, confirmed, true);
    CHECK(ids(bare.root().children) == kKept);

    // Stacks are not a MindSpore dump's evidence: its layers move by name.
    ModelGraph mindspore = checkpointed_model();
    repair_recomputed_layers(mindspore, confirmed, false);
    CHECK(ids(mindspore.root().children) == kMoved);

    // The forward call's frames confirm it, for its backward too.
    const auto stack =
        msprobe::testing::scratch_file("recompute_repair_stack", "stack.json", R"j({"Module.layers.0.Layer.forward.1": [
"File /usr/lib/python3/site-packages/torch/utils/checkpoint.py, line 1, in recompute_fn, \n outputs = fn(*args)"]})j");
    ModelGraph checked = checkpointed_model();
    checked.stacks = std::make_shared<const msprobe::dump::StackFile>(msprobe::dump::StackFile::load(stack));
    repair_recomputed_layers(checked, confirmed, true);
    CHECK(ids(checked.root().children) == kMoved);
}

TEST_CASE("recompute_repair: skip_moves_below_self keeps a layer out of its own subtree", "[graph][recompute]") {
    // The layer's earlier call sits in a container below the recomputed call, so the
    // container is where the recomputed call would go.
    const auto build = [] {
        ModelGraph graph;
        GraphNode& recomputed = graph.add("Module.layers.0.Layer.forward.1", NodeKind::Module);
        attach(recomputed, graph.root());
        attach(graph.add("Module.layers.0.Layer.backward.1", NodeKind::Module), graph.root());
        GraphNode& wrapper = graph.add("Wrapper", NodeKind::Module);
        attach(wrapper, recomputed);
        attach(graph.add("Module.layers.0.Layer.forward.0", NodeKind::Module), wrapper);
        return graph;
    };
    ModelGraph skipped = build();
    repair_recomputed_layers(skipped, {.stack_confirms = false, .skip_moves_below_self = true}, true);
    CHECK(ids(skipped.root().children) == std::vector<std::string>{"Module.layers.0.Layer.forward.1"});
    CHECK(skipped.find("Module.layers.0.Layer.forward.1")->parent == &skipped.root());
    CHECK(skipped.find("Module.layers.0.Layer.backward.1")->parent == skipped.find("Wrapper"));

    // Without the rule the recomputed call hangs below its own container: it leaves the root's tree.
    ModelGraph cyclic = build();
    repair_recomputed_layers(cyclic);
    CHECK(cyclic.root().children.empty());
    CHECK(cyclic.find("Module.layers.0.Layer.forward.1")->parent == cyclic.find("Wrapper"));
}
