// The mapping flags' yaml files are parsed once per run, whichever pair or
// thread asks first; a file that fails is not kept.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "common/error.hpp"
#include "mapping/mapping_files.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::mapping;
namespace fs = std::filesystem;

namespace {

fs::path write_yaml(const std::string& name, const std::string& text) {
    return msprobe::testing::scratch_file("mapping_files_" + name, name + ".yaml", text);
}

}  // namespace

TEST_CASE("a data mapping is parsed once and later askers see the same map", "[mapping][mapping_files]") {
    const fs::path path = write_yaml("data", "Functional.relu.0.forward.input.0: Torch.relu.0.forward.input.0\n");
    MappingFiles files;
    const DataMapping& first = files.data(path);
    CHECK(first.at("Functional.relu.0.forward.input.0") == "Torch.relu.0.forward.input.0");
    // The file changes on disk: the run keeps what it read first.
    msprobe::testing::write_file(path, "a: b\n");
    const DataMapping& again = files.data(path);
    CHECK(&again == &first);
    CHECK(again.size() == 1);
    CHECK(files.parses() == 1);
}

TEST_CASE("threads asking for one file at once share one parse", "[mapping][mapping_files]") {
    const fs::path path = write_yaml("threads", "x.0.forward.input.0: y.0.forward.input.0\n");
    MappingFiles files;
    std::vector<const DataMapping*> seen(8, nullptr);
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < seen.size(); ++i) threads.emplace_back([&, i] { seen[i] = &files.data(path); });
    for (auto& thread : threads) thread.join();
    for (const DataMapping* mapping : seen) CHECK(mapping == seen.front());
    CHECK(files.parses() == 1);
}

TEST_CASE("each kind of file is its own entry, and layer rules parse into their levels", "[mapping][mapping_files]") {
    const fs::path rules = write_yaml("layer", "TopLayer:\n  network.layers: model.decoder\n");
    MappingFiles files;
    const LayerRules& parsed = files.layer_rules(rules);
    REQUIRE(parsed.count("TopLayer") == 1);
    const auto& by_first = parsed.at("TopLayer");
    REQUIRE(by_first.count("network") == 1);
    const LayerRule& rule = by_first.at("network").front();
    CHECK(rule.source == "network.layers");
    CHECK(rule.depth == 2);
    CHECK(rule.target == "model.decoder");
    CHECK(files.data(write_yaml("data_beside", "a: b\n")).at("a") == "b");
    CHECK(files.parses() == 2);
}

TEST_CASE("a file that fails to parse fails every asker and is not kept", "[mapping][mapping_files]") {
    const fs::path path = write_yaml("bad", "- a list\n- not a mapping\n");
    MappingFiles files;
    CHECK_THROWS_AS(files.data(path), msprobe::Error);
    CHECK_THROWS_AS(files.data(path), msprobe::Error);
    CHECK(files.parses() == 2);
    // Fixed on disk, the next asker reads it.
    msprobe::testing::write_file(path, "a: b\n");
    CHECK(files.data(path).at("a") == "b");
}
