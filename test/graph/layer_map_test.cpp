// -lm: NPU entry → Bench entry names from the layer mapping of the two rank folders.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <fstream>
#include <string>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "graph/layer_map.hpp"
#include "support/captured_output.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::graph::layer_map;
using Map = std::unordered_map<std::string, std::string>;

TEST_CASE("layer_map: msprobe's entry mapping of its own layer-mapping sample", "[graph][layer_map][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path root = *fixtures / "reference_samples" / "layer_mapping";
    std::ifstream in(root / "expected" / "resources" / "api_mapping.json");
    Map expected;
    const auto mapping = nlohmann::json::parse(in);
    for (const auto& [npu, bench] : mapping.items()) expected.emplace(npu, bench.get<std::string>());
    REQUIRE_FALSE(expected.empty());
    msprobe::mapping::MappingFiles files;
    CHECK(layer_map(root / "mindspore", root / "pytorch", root / "layer_mapping.yaml", files) == expected);
    // A second rank takes the rules parsed for the first.
    CHECK(layer_map(root / "mindspore", root / "pytorch", root / "layer_mapping.yaml", files) == expected);
    CHECK(files.parses() == 1);
}

TEST_CASE("layer_map: a mapping that cannot be made is a warning and an empty map", "[graph][layer_map]") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_layer_map_refused");
    const std::string dump = R"({"task": "statistics", "level": "mix", "framework": "mindspore", "data": {
        "Functional.relu.0.forward": {"input_args": [{"type": "mindspore.Tensor", "dtype": "Float32", "shape": [2],
        "Max": 1, "Min": 0, "Mean": 0.5, "Norm": 1}]}}})";
    msprobe::testing::write_file(dir / "npu" / "dump.json", dump);
    msprobe::testing::write_file(dir / "bench" / "dump.json", dump);
    // stack.json without construct.json: msprobe refuses the side.
    msprobe::testing::write_file(dir / "npu" / "stack.json", "{}");
    Map map = {{"left", "over"}};
    const std::string out = msprobe::testing::captured_output(STDOUT_FILENO, [&] {
        msprobe::mapping::MappingFiles files;
        map = layer_map(dir / "npu", dir / "bench", std::nullopt, files);
    });
    CHECK(map.empty());
    const char* level = std::getenv("MSPROBE_LOG_LEVEL");
    if (!level || std::string(level) == "1") {
        CHECK(out.find("[WARNING] The layer mapping could not be generated, nodes are matched by name: ") !=
              std::string::npos);
        CHECK(out.find("construct.json") != std::string::npos);
    }
}
