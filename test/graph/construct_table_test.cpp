// construct.json as the graph builder reads it: checked, and the parent each
// entry hangs from once backward entries with a missing or in-place parent are
// repaired through their forward twins.
#include <catch2/catch.hpp>

#include <string>

#include "common/error.hpp"
#include "dump/json_file.hpp"
#include "graph/construct_table.hpp"

using msprobe::dump::JsonFile;
using msprobe::graph::ConstructTable;

namespace {

ConstructTable table_of(const std::string& text) {
    return ConstructTable::read(JsonFile::from_text(text, "rank0/construct.json"));
}

std::string refusal(const std::string& text) {
    try {
        (void)table_of(text);
    } catch (const msprobe::Error& e) {
        return e.what();
    }
    return "no error";
}

constexpr const char* kConstruct = R"({
  "Module.m.M.forward.0": null,
  "Module.m.sub.S.forward.0": "Module.m.M.forward.0",
  "Functional.relu.0.forward": "Module.m.M.forward.0",
  "Module.m.act.ReLU.forward.0": "Module.m.M.forward.0",
  "Module.m.M.backward.0": null,
  "Module.m.sub.S.backward.0": null,
  "Functional.relu.0.backward": null,
  "Functional.gelu.0.backward": null,
  "Module.m.act.ReLU.backward.0": "Module.other.O.backward.0",
  "Module.other.O.backward.0": null,
  "Module.m.sub.S.backward.1": "Module.m.M.backward.0"
})";

}  // namespace

TEST_CASE("construct table: entries in file order, looked up by id", "[graph][construct_table]") {
    const ConstructTable table = table_of(kConstruct);
    REQUIRE(table.size() == 11);
    CHECK(table.entry(1).id == "Module.m.sub.S.forward.0");
    CHECK(table.entry(1).parent == "Module.m.M.forward.0");
    CHECK(table.contains("Functional.gelu.0.backward"));
    CHECK_FALSE(table.contains("Functional.gelu.0.forward"));
    CHECK_FALSE(table.find("Functional.gelu.0.forward"));
    CHECK_FALSE(table.megatron_micro_steps());
}

TEST_CASE("construct table: backward parents repaired through the forward twins", "[graph][construct_table]") {
    const ConstructTable table = table_of(kConstruct);
    const auto parent = [&](const std::string& id) { return table.repaired_parent(*table.find(id), false); };
    // Forward entries keep the parent they were recorded with.
    CHECK(parent("Module.m.sub.S.forward.0") == "Module.m.M.forward.0");
    CHECK_FALSE(parent("Module.m.M.forward.0"));
    // A backward module without parent: its forward twin's parent, turned backward.
    CHECK(parent("Module.m.sub.S.backward.0") == "Module.m.M.backward.0");
    // A backward API without parent, the same way.
    CHECK(parent("Functional.relu.0.backward") == "Module.m.M.backward.0");
    // No forward twin, or a twin at the top: no parent.
    CHECK_FALSE(parent("Functional.gelu.0.backward"));
    CHECK_FALSE(parent("Module.m.M.backward.0"));
    CHECK_FALSE(parent("Module.other.O.backward.0"));
    // An in-place module's backward hangs from the wrong module: moved under its forward twin's parent's backward.
    CHECK(parent("Module.m.act.ReLU.backward.0") == "Module.m.M.backward.0");
    // A parent that contains the child's own path is kept.
    CHECK(parent("Module.m.sub.S.backward.1") == "Module.m.M.backward.0");
}

TEST_CASE("construct table: Megatron's micro steps", "[graph][construct_table]") {
    const ConstructTable table = table_of(R"({"megatron_micro_step_number": 2,
                                              "Module.a.A.forward.0": ["Module.root.R.forward.0", 1],
                                              "Module.root.R.forward.0": null})");
    CHECK(table.megatron_micro_steps() == 2);
    CHECK(table.find("Module.a.A.forward.0")->micro_step == 1);
    CHECK(table.find("Module.a.A.forward.0")->parent == "Module.root.R.forward.0");
    CHECK(table.find("Module.root.R.forward.0")->micro_step == 0);
}

TEST_CASE("construct table: an empty file and malformed parents are refused naming the file",
          "[graph][construct_table]") {
    CHECK(refusal("{}") ==
          "rank0/construct.json: the content is empty, so no graph can be built (an L1 dump? only L0 "
          "and mix dumps can be graphed)");
    CHECK(refusal("[]") == "rank0/construct.json: construct.json is not a JSON object");
    CHECK(refusal(R"({"a": 1})") == "rank0/construct.json: the parent of 'a' is neither null nor a name");
    CHECK(refusal(R"({"a": ["b"]})") == "rank0/construct.json: the parent of 'a' is not a [parent, micro step] pair");
    CHECK(refusal(R"({"megatron_micro_step_number": "2"})") ==
          "rank0/construct.json: 'megatron_micro_step_number' is not an integer");
}
