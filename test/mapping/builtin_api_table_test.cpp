// msprobe's built-in MindSpore -> PyTorch API table, entry by entry against
// msprobe's own ms_to_pt_api.yaml.
#include <catch2/catch.hpp>

#include "mapping/builtin_api_table.hpp"
#include "mapping/yaml_file.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::mapping;

TEST_CASE("built-in API table equals msprobe's ms_to_pt_api.yaml", "[mapping][conformance][fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const YAML::Node reference = load_yaml_file(*fixtures / "reference_samples" / "ms_to_pt_api.yaml");
    const auto& table = builtin_api_table();
    CHECK(reference.size() == table.size());
    for (const auto& entry : reference) {
        const auto from = entry.first.as<std::string>();
        INFO(from);
        REQUIRE(table.contains(from));
        CHECK(table.at(from) == entry.second.as<std::string>());
    }
}

TEST_CASE("built-in API table: MindSpore names to the PyTorch names they are compared with", "[mapping]") {
    const ApiTable& table = builtin_api_table();
    CHECK(table.at("Functional.dense") == "Functional.linear");
    CHECK(table.at("Functional.abs") == "Torch.abs");
    CHECK(table.at("Functional.swapaxes") == "Torch.transpose");
    CHECK(table.at("Tensor.asnumpy") == "Tensor.numpy");
    CHECK_FALSE(table.contains("Tensor.__add__"));  // names PyTorch shares are not listed
    CHECK(&builtin_api_table() == &table);          // built once
}
