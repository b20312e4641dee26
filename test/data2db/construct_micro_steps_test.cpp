#include "data2db/construct_micro_steps.hpp"

#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "dump/json_file.hpp"

using namespace msprobe::data2db;
using msprobe::dump::JsonFile;

namespace {
ConstructMicroSteps of(const std::string& text) {
    const auto file = JsonFile::from_text(text, "construct.json");
    return construct_micro_steps(file.root(), "construct.json");
}
}  // namespace

TEST_CASE("each top-level module starts a micro step, and entries take the one of their root",
          "[data2db][construct_micro_steps]") {
    const auto steps = of(R"({
        "Module.model.GPT.forward.0": null,
        "Functional.linear.3.forward": "Module.model.GPT.forward.0",
        "Functional.linear.5.forward": "Module.model.GPT.forward.0",
        "Module.model.GPT.forward.1": null,
        "Functional.linear.9.forward": "Module.model.GPT.forward.1",
        "Functional.linear.9.backward": "Module.model.GPT.backward.1",
        "Module.model.GPT.backward.1": null,
        "Tensor.add.0.forward": null,
        "optimizer.step.0": null
    })");
    CHECK(steps.count == 3);
    CHECK(steps.entries.at("Functional.linear.3.forward").micro_step == 0);
    CHECK(steps.entries.at("Functional.linear.9.forward").micro_step == 1);
    CHECK(steps.entries.at("Functional.linear.9.backward").micro_step == 1);  // through its forward twin
    CHECK(steps.entries.at("Module.model.GPT.backward.1").micro_step == 1);
    CHECK(steps.entries.at("optimizer.step.0").micro_step == 2);
    CHECK_FALSE(steps.entries.contains("Tensor.add.0.forward"));  // no root: left out
    // Call numbers renumbered per name within a micro step.
    CHECK(steps.entries.at("Functional.linear.3.forward").renamed == "Functional.linear.0.forward");
    CHECK(steps.entries.at("Functional.linear.5.forward").renamed == "Functional.linear.1.forward");
    CHECK(steps.entries.at("Functional.linear.9.forward").renamed == "Functional.linear.0.forward");
    CHECK(steps.entries.at("Module.model.GPT.forward.1").renamed == "Module.model.GPT.forward.0");
    CHECK(steps.entries.at("optimizer.step.0").renamed == "optimizer.step.0");
}

TEST_CASE("msprobe's own cases: integer parents and a backward with a null parent",
          "[data2db][construct_micro_steps]") {
    const auto numbers = of(R"({"Module.layer1.forward": 3, "Module.layer2.forward": 3,
                                "Module.layer1.backward": "Module.layer1.forward"})");
    CHECK(numbers.entries.at("Module.layer1.forward").micro_step == 3);
    CHECK(numbers.entries.at("Module.layer1.backward").micro_step == 3);
    CHECK(numbers.count == 4);
    const auto backward = of(R"({"Module.layer1.forward": 0, "Module.layer1.backward": null})");
    CHECK(backward.entries.at("Module.layer1.backward").micro_step == 0);
    const auto digits = of(R"({"Module.layer1.10.forward": 3, "Module.layer.forward": 3})");
    CHECK(digits.entries.at("Module.layer1.10.forward").renamed == "Module.layer1.0.forward");
    CHECK(digits.entries.at("Module.layer.forward").renamed == "Module.layer.forward");
}

TEST_CASE("names that are only numbers, or whose number stands first, are renumbered as msprobe joins them",
          "[data2db][construct_micro_steps]") {
    // reindex_keys_with_mapping gives {'7': '.0', '12': '.1', 'x.3.y': 'x.0.y', '3.y': '0.y'}.
    const auto steps = of(R"({"Module.a.forward.0": null, "12": "Module.a.forward.0", "7": "Module.a.forward.0",
                              "x.3.y": "Module.a.forward.0", "3.y": "Module.a.forward.0",
                              "Functional.relu.5.backward": "Module.a.backward.0"})");
    CHECK(steps.entries.at("7").renamed == ".0");
    CHECK(steps.entries.at("12").renamed == ".1");
    CHECK(steps.entries.at("x.3.y").renamed == "x.0.y");
    CHECK(steps.entries.at("3.y").renamed == "0.y");
    // A backward is looked up as its forward twin, which no entry names: it reaches no top-level entry.
    CHECK_FALSE(steps.entries.contains("Functional.relu.5.backward"));
    CHECK(steps.entries.size() == 5);
}

TEST_CASE("an empty construct.json has one micro step and renames nothing", "[data2db][construct_micro_steps]") {
    const auto steps = of("{}");
    CHECK(steps.count == 1);
    CHECK(steps.entries.empty());
}

TEST_CASE("Megatron's [parent, micro step] pairs are read by their parent", "[data2db][construct_micro_steps]") {
    const auto steps = of(R"({"megatron_micro_step_number": 2, "Module.a.forward.0": [null, 0],
                              "Functional.relu.0.forward": ["Module.a.forward.0", 0]})");
    CHECK(steps.entries.at("Functional.relu.0.forward").micro_step == 0);
    CHECK_THROWS_AS(of(R"({"megatron_micro_step_number": 2, "Module.a.forward.0": [null]})"), msprobe::Error);
}

TEST_CASE("parents that go round are refused", "[data2db][construct_micro_steps]") {
    CHECK_THROWS_AS(of(R"({"Module.a.forward.0": "Module.b.forward.0", "Module.b.forward.0": "Module.a.forward.0"})"),
                    msprobe::Error);
    CHECK_THROWS_AS(of(R"({"Module.a.forward.0": ["x", 1]})"), msprobe::Error);  // a list without Megatron's key
    CHECK_THROWS_AS(of("[]"), msprobe::Error);
}
