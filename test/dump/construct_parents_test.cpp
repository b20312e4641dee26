// construct.json's parent map, read leniently (the construct chain, the layer
// mapping) and checked (the graph), on small hand-written files.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <utility>

#include "common/error.hpp"
#include "dump/construct_parents.hpp"
#include "dump/json_file.hpp"

using msprobe::Error;
using msprobe::dump::ConstructNode;
using msprobe::dump::ConstructParents;
using msprobe::dump::JsonFile;

namespace {

JsonFile construct_file(const std::string& text) { return JsonFile::from_text(text, "construct.json"); }

std::string checked_error(const std::string& text) {
    try {
        (void)ConstructParents::read_checked(construct_file(text));
    } catch (const Error& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST_CASE("construct parents: names, nulls and [parent, micro step] pairs, in file order",
          "[dump][construct_parents]") {
    const JsonFile file = construct_file(R"({"Torch.relu.0.forward": "Module.block.forward.0",
                                             "Module.block.forward.0": ["Module.model.forward.0", 3],
                                             "Module.model.forward.0": null,
                                             "Torch.add.0.forward": [],
                                             "Torch.mul.0.forward": 7,
                                             "Torch.sub.0.forward": ["Module.x.forward.0", "one", "two"]})");
    const ConstructParents parents = ConstructParents::of(file.root());
    REQUIRE(parents.size() == 6);
    CHECK(parents.node(0).id == "Torch.relu.0.forward");
    CHECK(parents.node(0).parent == "Module.block.forward.0");
    CHECK_FALSE(parents.node(0).micro_step);
    CHECK(parents.node(1).parent == "Module.model.forward.0");
    CHECK(parents.node(1).micro_step == 3);
    CHECK_FALSE(parents.node(2).parent);
    CHECK_FALSE(parents.node(3).parent);                    // an empty list names no parent
    CHECK_FALSE(parents.node(4).parent);                    // nor does a number
    CHECK(parents.node(5).parent == "Module.x.forward.0");  // a list's first item, whatever follows
    CHECK_FALSE(parents.node(5).micro_step);
    CHECK(parents.parent_of("Torch.relu.0.forward") == "Module.block.forward.0");
    CHECK_FALSE(parents.parent_of("Module.model.forward.0"));
    CHECK_FALSE(parents.parent_of("Torch.absent.0.forward"));
    CHECK_FALSE(parents.find("Torch.absent.0.forward"));
    // A name only ever given as a parent is no entry.
    CHECK_FALSE(parents.find("Module.x.forward.0"));
    CHECK_FALSE(parents.contains("Module.x.forward.0"));
    CHECK(parents.contains("Module.block.forward.0"));  // a parent that is also an entry
    CHECK(parents.find("Module.block.forward.0")->micro_step == 3);
    REQUIRE(parents.find("Torch.mul.0.forward"));
    CHECK(parents.find("Torch.mul.0.forward")->id == "Torch.mul.0.forward");
    CHECK_FALSE(parents.megatron_micro_steps());
    CHECK_FALSE(parents.empty());
}

TEST_CASE("construct parents: Megatron's micro steps", "[dump][construct_parents]") {
    const JsonFile file = construct_file(R"({"megatron_micro_step_number": 2,
                                             "Module.a.forward.0": ["Module.root.forward.0", 1],
                                             "Module.root.forward.0": null})");
    const auto check = [](const ConstructParents& parents) {
        CHECK(parents.megatron_micro_steps() == 2);
        REQUIRE(parents.size() == 2);  // the count is not an entry
        CHECK(parents.node(0).micro_step == 1);
        CHECK(parents.node(1).micro_step == 0);  // a plain entry of a Megatron file is micro step 0
    };
    check(ConstructParents::of(file.root()));
    check(ConstructParents::read_checked(file));
    // A file that only gives the count still lists something.
    CHECK_FALSE(ConstructParents::of(construct_file(R"({"megatron_micro_step_number": 1})").root()).empty());
    // Read leniently, a count that is not an integer is an entry like any other.
    const ConstructParents text_count =
        ConstructParents::of(construct_file(R"({"megatron_micro_step_number": "two"})").root());
    CHECK_FALSE(text_count.megatron_micro_steps());
    CHECK(text_count.parent_of("megatron_micro_step_number") == "two");
}

TEST_CASE("construct parents: an empty file or one that is not an object lists nothing", "[dump][construct_parents]") {
    CHECK(ConstructParents::of(construct_file("{}").root()).empty());
    CHECK(ConstructParents::read_checked(construct_file("{}")).empty());
    const ConstructParents list = ConstructParents::of(construct_file(R"([{"a": "b"}])").root());
    CHECK(list.empty());
    CHECK_FALSE(list.parent_of("a"));
    CHECK(ConstructParents().empty());
}

TEST_CASE("construct parents: the checked reading names the file and the entry", "[dump][construct_parents]") {
    CHECK(checked_error("[1]") == "construct.json: construct.json is not a JSON object");
    CHECK(checked_error(R"({"megatron_micro_step_number": 1.5})") ==
          "construct.json: 'megatron_micro_step_number' is not an integer");
    const std::string not_a_pair = "construct.json: the parent of 'a' is not a [parent, micro step] pair";
    CHECK(checked_error(R"({"a": ["b", 1, 2]})") == not_a_pair);
    CHECK(checked_error(R"({"a": ["b", "1"]})") == not_a_pair);
    CHECK(checked_error(R"({"a": 3})") == "construct.json: the parent of 'a' is neither null nor a name");
    CHECK(checked_error(R"({"a": [true, 0]})") == "construct.json: the parent of 'a' is neither null nor a name");
    const JsonFile pair_of_null = construct_file(R"({"a": [null, 4]})");
    const ConstructParents checked = ConstructParents::read_checked(pair_of_null);
    CHECK_FALSE(checked.parent_of("a"));
    CHECK(checked.find("a")->micro_step == 4);
}

TEST_CASE("construct parents: the names follow the table when it is moved", "[dump][construct_parents]") {
    // Short names live inside their string: a move of the table must not leave the views behind.
    ConstructParents moved = ConstructParents::of(construct_file(R"({"a": "b", "b": "c", "c": null})").root());
    ConstructParents target;
    target = std::move(moved);
    CHECK(target.parent_of("a") == "b");
    CHECK(target.parent_of("b") == "c");
    const std::optional<ConstructNode> c = target.find("c");
    REQUIRE(c);
    CHECK(c->id == "c");
    CHECK_FALSE(c->parent);
    CHECK(target.node(2).id == "c");
}
