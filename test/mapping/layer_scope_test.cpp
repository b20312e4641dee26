// Layer mapping's first step on entries written here: each entry's layer
// scope from its name or construct.json parent, the framework function from
// its stack, the backward entries and the ParallelTransformer renumbering.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "dump/json_file.hpp"
#include "mapping/layer_scope.hpp"

using namespace msprobe;
using namespace msprobe::mapping;

namespace {

// construct.json written as `construct` holds, read as the layer mapping reads it.
LayerSide pytorch_side(const nlohmann::json& construct = nlohmann::json::object(),
                       nlohmann::json stack = nlohmann::json::object()) {
    LayerSide side;
    side.pytorch = true;
    side.stack_file = "stack.json";
    side.construct_file = "construct.json";
    side.construct = dump::ConstructParents::of(dump::JsonFile::from_text(construct.dump(), "construct.json").root());
    side.stack = std::move(stack);
    return side;
}

}  // namespace

TEST_CASE("layers, parameter gradients and APIs are decomposed by their names", "[mapping][layer_scope]") {
    const auto items = layer_items(
        {"Module.layer1.fc.Linear.forward.0", "Module.fc.Linear.parameters_grad", "Functional.relu.0.forward",
         "Functional.gelu.1.forward"},
        pytorch_side({{"Functional.relu.0.forward", "Module.layer1.fc.Linear.forward.0"},
                      {"Functional.gelu.1.forward", nlohmann::json::array({"Module.layer2.act.GELU.forward.0", 3})}}));
    REQUIRE(items.size() == 4);
    const LayerItem& layer = items[0];
    CHECK(layer.api_type == "Module");
    CHECK(layer.api_name == "fc");
    CHECK(layer.type_name == "Linear");
    CHECK(layer.state == "forward");
    CHECK(layer.layer_scope == "Module.layer1");
    CHECK(layer.full_scope == "Module.layer1.fc");
    const LayerItem& grad = items[1];
    CHECK(grad.api_type == "parameters_grad");
    CHECK(grad.state == "parameters_grad");
    CHECK(grad.api_name == "fc");
    CHECK(grad.type_name == "Linear");
    CHECK(grad.full_scope == "Module.fc");
    // An API takes its parent layer's scope (without class, direction and index).
    const LayerItem& relu = items[2];
    CHECK(relu.api_type == "Functional");
    CHECK(relu.api_name == "relu");
    CHECK(relu.type_name == "relu");
    CHECK(relu.layer_scope == "Module.layer1.fc");
    CHECK(relu.full_scope == "Module.layer1.fc.relu");
    // A micro-step dump writes [parent, step].
    CHECK(items[3].full_scope == "Module.layer2.act.gelu");
}

TEST_CASE("an API without a parent is in the top layer, its framework frame joins the scope",
          "[mapping][layer_scope]") {
    const nlohmann::json stack = {
        {"Functional.gelu.0.forward",
         {"File /x/msprobe/pytorch/hook_module/wrap_functional.py, line 10, in FunctionalOPTemplate.forward, out = "
          "op()",
          "File /usr/lib/python3/site-packages/torch/nn/functional.py, line 1500, in gelu, return torch._C.gelu(x)",
          "File /home/user/model.py, line 5, in forward, y = F.gelu(x)"}},
        {"Functional.relu.0.forward",
         {"File /x/msprobe/pytorch/hook_module/wrap_functional.py, line 10, in FunctionalOPTemplate.forward, out = "
          "op()",
          "File /home/user/model.py, line 7, in forward, y = F.relu(x)"}}};
    const auto items = layer_items({"Functional.gelu.0.forward", "Functional.relu.0.forward"}, pytorch_side({}, stack));
    CHECK(items[0].layer_scope == "TopLayer");
    CHECK(items[0].frame_stack_scope == "gelu");
    CHECK(items[0].full_scope == "TopLayer.gelu.gelu");
    CHECK(items[1].frame_stack_scope.empty());  // the user's frame comes first
    CHECK(items[1].full_scope == "TopLayer.relu");
}

TEST_CASE("backward entries take their forward entry's scopes", "[mapping][layer_scope]") {
    const auto items =
        layer_items({"Functional.relu.0.forward", "Functional.relu.0.backward", "Functional.tanh.0.backward"},
                    pytorch_side({{"Functional.relu.0.forward", "Module.layer1.act.ReLU.forward.0"}}));
    CHECK(items[1].full_scope == "Module.layer1.act.relu");
    CHECK(items[1].layer_scope == "Module.layer1.act");
    CHECK(items[1].state == "backward");
    CHECK(items[2].full_scope == "TopLayer.tanh");  // no forward entry to take from
}

TEST_CASE("ParallelTransformer layers are renumbered from the smallest one seen", "[mapping][layer_scope]") {
    const auto items = layer_items({"Module.model.encoder.ParallelTransformer.forward.0",
                                    "Module.model.encoder.layers.4.ParallelTransformerLayer.forward.0",
                                    "Module.model.encoder.layers.5.ParallelTransformerLayer.forward.0"},
                                   pytorch_side());
    CHECK(items[0].full_scope == "Module.model.encoder");
    CHECK(items[1].full_scope == "Module.model.encoder.layers.0");
    CHECK(items[2].full_scope == "Module.model.encoder.layers.1");
}

TEST_CASE("short names, short parents and stacks that are not string lists are refused", "[mapping][layer_scope]") {
    try {
        layer_items({"Functional.relu.0"}, pytorch_side());
        FAIL("a three-field name must be refused");
    } catch (const Error& e) {
        CHECK(e.file() == "construct.json");
        CHECK(e.reason() == "dump entry 'Functional.relu.0' must contain no less than four fields");
    }
    CHECK_THROWS_WITH(
        layer_items({"Functional.relu.0.forward"}, pytorch_side({{"Functional.relu.0.forward", "Module.fc"}})),
        Catch::Contains("parent 'Module.fc' of 'Functional.relu.0.forward' must contain no less than four fields"));
    try {
        layer_items({"Functional.relu.0.forward"}, pytorch_side({}, {{"Functional.relu.0.forward", {"ok", 3}}}));
        FAIL("a stack with a number must be refused");
    } catch (const Error& e) {
        CHECK(e.file() == "stack.json");
        CHECK(e.reason() == "stack of 'Functional.relu.0.forward' must be a list of strings");
    }
}
