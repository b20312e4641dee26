// Layer mapping (-lm) on msprobe's own test resources
// (../shared/fixtures/reference_samples/layer_mapping): the entry mapping and
// the row mapping msprobe generated, with and without the rule file.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "dump/dump_file.hpp"
#include "mapping/layer_mapping.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe;

namespace {

using Pairs = std::vector<std::pair<std::string, std::string>>;

// msprobe's json mapping, in file order.
Pairs expected_pairs(const fs::path& path) {
    std::ifstream in(path);
    const auto json = nlohmann::ordered_json::parse(in);
    Pairs out;
    for (const auto& [key, value] : json.items()) out.emplace_back(key, value.get<std::string>());
    return out;
}

struct LayerCase {
    const char* name;
    fs::path npu, bench, rules, expected;
};

}  // namespace

TEST_CASE("layer mapping reproduces msprobe's mappings", "[mapping][conformance][fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path root = *fixtures / "reference_samples" / "layer_mapping";
    const LayerCase cases[] = {
        {"resources", root / "mindspore", root / "pytorch", root / "layer_mapping.yaml",
         root / "expected" / "resources"},
        {"full", root / "full" / "mindspore_data", root / "full" / "pytorch_data", root / "full" / "layer_mapping.yaml",
         root / "expected" / "full"},
        {"pp_renumber", root / "pp_renumber" / "mindspore", root / "pp_renumber" / "pytorch",
         root / "pp_renumber" / "layer_mapping.yaml", root / "pp_renumber" / "expected"},
    };
    for (const auto& c : cases) {
        DYNAMIC_SECTION(c.name) {
            const auto npu = dump::read_dump_file(c.npu / "dump.json");
            const auto bench = dump::read_dump_file(c.bench / "dump.json");
            const auto with_rules = mapping::generate_layer_mapping(npu, bench, mapping::load_layer_rules(c.rules));
            CHECK(with_rules.entries == expected_pairs(c.expected / "api_mapping.json"));
            CHECK(with_rules.items == expected_pairs(c.expected / "data_mapping.json"));
            const auto without_rules = mapping::generate_layer_mapping(npu, bench, {});
            CHECK(without_rules.entries == expected_pairs(c.expected / "api_mapping_without_yaml.json"));
        }
    }
}

TEST_CASE("layer mapping inputs", "[mapping]") {
    const fs::path dir = testing::scratch_dir("layer_inputs");
    const std::string dump_text = R"({"task": "statistics", "level": "mix", "framework": "mindspore", "data": {
        "Functional.relu.0.forward": {"input_args": [{"type": "mindspore.Tensor", "dtype": "Float32", "shape": [2],
        "Max": 1, "Min": 0, "Mean": 0.5, "Norm": 1}]}}})";
    for (const char* side : {"npu", "bench"}) {
        fs::create_directories(dir / side);
        std::ofstream(dir / side / "dump.json") << dump_text;
    }
    const auto npu = dump::read_dump_file(dir / "npu" / "dump.json");
    const auto bench = dump::read_dump_file(dir / "bench" / "dump.json");
    // Neither stack.json nor construct.json: no items, so no mapping.
    CHECK(mapping::generate_layer_mapping(npu, bench, {}).items.empty());
    // Only one of them: an error naming the missing file.
    std::ofstream(dir / "npu" / "stack.json") << R"({"Functional.relu.0.forward": ["File a.py, line 1, in f, \n x"]})";
    try {
        mapping::generate_layer_mapping(npu, bench, {});
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.file().find("construct.json") != std::string::npos);
    }
    // A stack entry that is not a list of strings.
    std::ofstream(dir / "npu" / "construct.json") << R"({"Functional.relu.0.forward": null})";
    std::ofstream(dir / "npu" / "stack.json") << R"({"Functional.relu.0.forward": "File a.py"})";
    CHECK_THROWS_AS(mapping::generate_layer_mapping(npu, bench, {}), Error);
    // With both files on the NPU side only, every row maps to N/A.
    std::ofstream(dir / "npu" / "stack.json") << R"({"Functional.relu.0.forward": ["File a.py, line 1, in f, \n x"]})";
    const auto result = mapping::generate_layer_mapping(npu, bench, {});
    CHECK(result.items ==
          std::vector<std::pair<std::string, std::string>>{{"Functional.relu.0.forward.input.0", "N/A"}});
    // construct.json is read as every command reads it: an entry named twice is ambiguous.
    std::ofstream(dir / "npu" / "construct.json")
        << R"({"Functional.relu.0.forward": null, "Functional.relu.0.forward": "Module.a.A.forward.0"})";
    try {
        mapping::generate_layer_mapping(npu, bench, {});
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.file() == (dir / "npu" / "construct.json").string());
        CHECK(e.reason() ==
              "the key \"Functional.relu.0.forward\" appears twice; Python's json would keep the last, so the file is "
              "ambiguous");
    }
}

TEST_CASE("data_mapping yaml is written as PyYAML writes it", "[mapping]") {
    mapping::LayerMappingResult result;
    const std::string long_key = "Cell." + std::string(130, 'a') + ".forward.0.input.0";
    result.items = {{"Tensor.__add__.1.forward.input.0", "Tensor.__add__.0.forward.input.0"},
                    {"Tensor.__add__.0.forward.input.0", "N/A"},
                    {long_key, "N/A"}};
    CHECK(mapping::data_mapping_yaml(result) == "Tensor.__add__.1.forward.input.0: Tensor.__add__.0.forward.input.0\n"
                  "Tensor.__add__.0.forward.input.0: N/A\n"
                  "? " + long_key + "\n: N/A\n");
}
