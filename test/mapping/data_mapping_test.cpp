// -dm: NPU row names mapped to bench row names; unlisted names map to
// themselves.
#include <catch2/catch.hpp>

#include <string>

#include "common/error.hpp"
#include "mapping/data_mapping.hpp"
#include "support/input_refusal.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::mapping;
using msprobe::Error;
using msprobe::kExitBadInput;

namespace {

std::filesystem::path write_yaml(const std::string& name, const std::string& text) {
    return msprobe::testing::scratch_file("data_mapping_" + name, "data_mapping.yaml", text);
}

}  // namespace

TEST_CASE("a data mapping gives listed names their bench name and leaves the rest", "[mapping][data_mapping]") {
    const DataMapping mapping = load_data_mapping(write_yaml(
        "pairs",
        "Functional.flash_attention_score.4.forward.input.0: NPU.npu_fusion_attention.4.forward.input.0\n"
        "Cell.relu.ReLU.forward.0.input.0: Module.relu.ReLU.forward.0.input.0\n"
        "Tensor.add.0.forward.output.0: null\n"));
    CHECK(mapping.size() == 3);
    CHECK(data_mapping_key(mapping, "Functional.flash_attention_score.4.forward.input.0") ==
          "NPU.npu_fusion_attention.4.forward.input.0");
    CHECK(data_mapping_key(mapping, "Cell.relu.ReLU.forward.0.input.0") == "Module.relu.ReLU.forward.0.input.0");
    CHECK(data_mapping_key(mapping, "Torch.mul.0.forward.input.0") == "Torch.mul.0.forward.input.0");
    // A null target maps to a key that no bench name equals.
    CHECK(data_mapping_key(mapping, "Tensor.add.0.forward.output.0").empty());
}

TEST_CASE("an empty data mapping file or {} maps nothing, a scalar document is refused", "[mapping][data_mapping]") {
    CHECK(load_data_mapping(write_yaml("empty", "")).empty());
    CHECK(load_data_mapping(write_yaml("braces", "{}\n")).empty());
    CHECK(msprobe::testing::refusal_reason(write_yaml("scalar", "just text\n"), load_data_mapping) ==
          "expected a mapping of NPU names to bench names (name: name)");
}

TEST_CASE("data mapping file", "[mapping]") {
    const auto mapping = load_data_mapping(write_yaml(
        "dm.yaml", "Functional.flash_attention_score.4.forward.input.0: NPU.npu_fusion_attention.4.forward.input.0\n"));
    CHECK(data_mapping_key(mapping, "Functional.flash_attention_score.4.forward.input.0") ==
          "NPU.npu_fusion_attention.4.forward.input.0");
    CHECK(data_mapping_key(mapping, "Functional.relu.0.forward.input.0") == "Functional.relu.0.forward.input.0");
    CHECK(load_data_mapping(write_yaml("empty.yaml", "")).empty());  // msprobe crashes here
    CHECK(load_data_mapping(write_yaml("braces.yaml", "{}\n")).empty());
    try {
        load_data_mapping(write_yaml("broken.yaml", "a: b: c\n"));
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.file().find("broken.yaml") != std::string::npos);
        CHECK(e.reason().find("not valid YAML at line 1") != std::string::npos);
        CHECK(e.exit_code() == kExitBadInput);
    }
    CHECK_THROWS_AS(load_data_mapping(write_yaml("list.yaml", "- a\n")), Error);
    CHECK_THROWS_AS(load_data_mapping("/nonexistent/dm.yaml"), Error);
}
