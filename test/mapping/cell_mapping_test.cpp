// -cm: MindSpore cell rows renamed to PyTorch module rows, the whole cell
// path and class looked up in the yaml.
#include <catch2/catch.hpp>

#include <string>

#include "mapping/cell_mapping.hpp"
#include "support/input_refusal.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::mapping;

namespace {

std::filesystem::path write_yaml(const std::string& name, const std::string& text) {
    return msprobe::testing::scratch_file("cell_mapping_" + name, "cell_mapping.yaml", text);
}

}  // namespace

TEST_CASE("cell rows become module rows, mapped cell by cell", "[mapping][cell_mapping]") {
    const CellMapping mapping =
        load_cell_mapping(write_yaml("pairs", "fc1.Dense: fc1.Linear\nconv1.Conv2d: conv3.Conv2d\n"));
    CHECK(mapping.entries() ==
          std::vector<CellMapping::Entry>{{"fc1.Dense", "fc1.Linear"}, {"conv1.Conv2d", "conv3.Conv2d"}});
    CHECK(cell_mapping_key("Cell.fc1.Dense.forward.0.input.0", mapping) == "Module.fc1.Linear.forward.0.input.0");
    CHECK(cell_mapping_key("Cell.fc1.Dense.forward.0.parameters.weight", mapping) ==
          "Module.fc1.Linear.forward.0.parameters.weight");
    CHECK(cell_mapping_key("Cell.fc1.Dense.parameters_grad.weight", mapping) ==
          "Module.fc1.Linear.parameters_grad.weight");
    // Nothing after parameters_grad: the cut needs a trailing dot, so the cell name is not found.
    CHECK(cell_mapping_key("Cell.fc1.Dense.parameters_grad", mapping) == "Module.fc1.Dense.parameters_grad");
    CHECK(cell_mapping_key("Cell.conv1.Conv2d.backward.1.output.0", mapping) ==
          "Module.conv3.Conv2d.backward.1.output.0");
    // The whole path must be a key; a suffix of it is not.
    CHECK(cell_mapping_key("Cell.net.fc1.Dense.forward.0.input.0", mapping) ==
          "Module.net.fc1.Dense.forward.0.input.0");
    CHECK(cell_mapping_key("Functional.relu.0.forward.input.0", mapping) == "Functional.relu.0.forward.input.0");
    CHECK(cell_mapping_key("Mint.x.0.input.0", mapping) == "N/A");
    CHECK(cell_mapping_key("", mapping) == "N/A");
}

TEST_CASE("without a yaml only Cell becomes Module", "[mapping][cell_mapping]") {
    CHECK(cell_mapping_key("Cell.network_with_loss.module.GPTModel.forward.1.input.0", {}) ==
          "Module.network_with_loss.module.GPTModel.forward.1.input.0");
    const CellMapping to_other = {{"fc1.Dense", "module.name"}};
    CHECK(cell_mapping_key("Cell.fc1.Dense.forward.0.input.0", to_other) == "Module.module.name.forward.0.input.0");
}

TEST_CASE("an empty cell mapping file maps nothing, a list is refused", "[mapping][cell_mapping]") {
    CHECK(load_cell_mapping(write_yaml("empty", "")).empty());
    CHECK(msprobe::testing::refusal_reason(write_yaml("list", "- fc1.Dense\n"), load_cell_mapping) ==
          "expected a mapping of cell names to module names (name: name)");
}

TEST_CASE("cell mapping: the spec's examples", "[mapping]") {
    const CellMapping yaml = {{"fc1.Dense", "fc1.Linear"}, {"conv1.Conv2d", "conv3.Conv2d"}};
    const std::pair<const char*, const char*> vectors[] = {
        {"Cell.fc1.Dense.forward.0.input.0", "Module.fc1.Linear.forward.0.input.0"},
        {"Cell.fc1.Dense.forward.0.parameters.weight", "Module.fc1.Linear.forward.0.parameters.weight"},
        {"Cell.fc1.Dense.parameters_grad.weight", "Module.fc1.Linear.parameters_grad.weight"},
        {"Cell.fc1.Dense.parameters_grad", "Module.fc1.Dense.parameters_grad"},
        {"Cell.conv1.Conv2d.backward.1.output.0", "Module.conv3.Conv2d.backward.1.output.0"},
        {"Cell.net.fc1.Dense.forward.0.input.0", "Module.net.fc1.Dense.forward.0.input.0"},
        {"Functional.relu.0.forward.input.0", "Functional.relu.0.forward.input.0"},
        {"Mint.x.0.input.0", "N/A"},
        {"MintFunctional.embedding.0.input.0", "N/A"},
        {"", "N/A"},
    };
    for (const auto& [name, key] : vectors) {
        INFO(name);
        CHECK(cell_mapping_key(name, yaml) == key);
    }
    CHECK(cell_mapping_key("Cell.network_with_loss.module.GPTModel.forward.1.input.0", {}) ==
          "Module.network_with_loss.module.GPTModel.forward.1.input.0");
    CHECK(cell_mapping_key("Cell.fc1.Dense.forward.0.input.0", {{"fc1.Dense", "module.name"}}) ==
          "Module.module.name.forward.0.input.0");
}

TEST_CASE("cell mapping, August's lookup: the yaml keys a cell name contains, in yaml order",
          "[mapping][cell_mapping]") {
    const CellMapping yaml = {{"fc1.Dense", "fc1.Linear"}, {"net", "module"}, {"Linear", "Dense"}};
    constexpr CellKeyRules august{true, false};
    // A whole-name key wins, the parts are not looked at.
    CHECK(cell_mapping_key("Cell.fc1.Dense.forward.0.input.0", yaml, august) == "Module.fc1.Linear.forward.0.input.0");
    // fc1.Dense → fc1.Linear, net → module, then the Linear just written → Dense: one after the other.
    CHECK(cell_mapping_key("Cell.net.fc1.Dense.forward.0.input.0", yaml, august) ==
          "Module.module.fc1.Dense.forward.0.input.0");
    CHECK(cell_mapping_key("Cell.net.fc1.Dense.forward.0.input.0", yaml) == "Module.net.fc1.Dense.forward.0.input.0");
    // Only the first occurrence of a key is replaced.
    CHECK(cell_mapping_key("Cell.net.net.ReLU.backward.0.output.0", yaml, august) ==
          "Module.module.net.ReLU.backward.0.output.0");
    CHECK(cell_mapping_key("Cell.relu.ReLU.forward.0.input.0", yaml, august) == "Module.relu.ReLU.forward.0.input.0");
}

TEST_CASE("a cell name listed twice keeps its place and takes the later module name", "[mapping][cell_mapping]") {
    CellMapping mapping;
    mapping.add("a.A", "b.B");
    mapping.add("c.C", "d.D");
    mapping.add("a.A", "e.E");
    CHECK(mapping.entries() == std::vector<CellMapping::Entry>{{"a.A", "e.E"}, {"c.C", "d.D"}});
    REQUIRE(mapping.find("a.A") != nullptr);
    CHECK(*mapping.find("a.A") == "e.E");
    CHECK(mapping.find("x.X") == nullptr);
}

TEST_CASE("cell mapping: only a leading Cell field becomes Module when asked", "[mapping][cell_mapping]") {
    // msprobe renames the first "Cell" anywhere: a PyTorch LSTMCell module loses its class name.
    CHECK(cell_mapping_key("Module.rnn.LSTMCell.forward.0.input.0", {}) == "Module.rnn.LSTMModule.forward.0.input.0");
    constexpr CellKeyRules leading{false, true};
    CHECK(cell_mapping_key("Module.rnn.LSTMCell.forward.0.input.0", {}, leading) ==
          "Module.rnn.LSTMCell.forward.0.input.0");
    CHECK(cell_mapping_key("Cell.rnn.LSTMCell.forward.0.input.0", {}, leading) ==
          "Module.rnn.LSTMCell.forward.0.input.0");
    CHECK(cell_mapping_key("Cell.fc1.Dense.forward.0.input.0", {{"fc1.Dense", "fc1.Linear"}}, leading) ==
          "Module.fc1.Linear.forward.0.input.0");
}
