// stack.json in both of msprobe's layouts: each entry's lines, and the text
// Python's str() gives the line list (what NPU_Stack_Info shows).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "dump/stack_file.hpp"
#include "support/input_refusal.hpp"
#include "support/shared_fixtures.hpp"

using msprobe::dump::StackFile;

namespace {

std::filesystem::path write_stack(const std::string& name, const std::string& text) {
    return msprobe::testing::scratch_file("stack_file_" + name, "stack.json", text);
}

std::string refusal(const std::string& name, const std::string& text) {
    return msprobe::testing::refusal_reason(write_stack(name, text), StackFile::load);
}

}  // namespace

TEST_CASE("a per-key stack.json gives every entry its lines and their Python text", "[dump][stack]") {
    const auto stack = StackFile::load(write_stack("per_key",
                                                   R"({"Torch.add.0.forward": ["File a.py, line 3, in f", "x = 1"],
                                                       "Torch.mul.1.forward": []})"));
    CHECK(stack.api_names() == std::vector<std::string>{"Torch.add.0.forward", "Torch.mul.1.forward"});
    CHECK(stack.stack_text("Torch.add.0.forward") == std::string("['File a.py, line 3, in f', 'x = 1']"));
    CHECK(stack.stack_text("Torch.mul.1.forward") == std::string("[]"));
    CHECK_FALSE(stack.stack_text("Torch.sub.2.forward"));
    const auto* lines = stack.stack_lines("Torch.add.0.forward");
    REQUIRE(lines);
    CHECK(*lines == std::vector<std::string>{"File a.py, line 3, in f", "x = 1"});
    CHECK(stack.stack_lines("Torch.sub.2.forward") == nullptr);
}

TEST_CASE("a grouped stack.json shares one frame list among the keys of a group", "[dump][stack]") {
    const auto stack = StackFile::load(
        write_stack("grouped", R"({"0": [["Torch.add.0.forward", "Torch.add.0.backward"], ["it's here", 7]],
                                   "1": [["Module.fc.Linear.forward.0"], ["line b"]],
                                   "2": "not a group"})"));
    CHECK(stack.api_names() ==
          std::vector<std::string>{"Torch.add.0.forward", "Torch.add.0.backward", "Module.fc.Linear.forward.0"});
    // repr() quotes a string holding a single quote with double quotes.
    CHECK(stack.stack_text("Torch.add.0.backward") == std::string("[\"it's here\", 7]"));
    REQUIRE(stack.stack_lines("Torch.add.0.forward"));
    CHECK(stack.stack_lines("Torch.add.0.forward") == stack.stack_lines("Torch.add.0.backward"));
    CHECK(*stack.stack_lines("Torch.add.0.forward") == std::vector<std::string>{"it's here", "7"});
    CHECK(*stack.stack_lines("Module.fc.Linear.forward.0") == std::vector<std::string>{"line b"});
}

TEST_CASE("a stack.json of the wrong shape is refused naming the file", "[dump][stack]") {
    CHECK(refusal("array", "[1, 2]") == "the format of the stack.json is incorrect: expected a JSON object");
    CHECK(refusal("per_key", R"({"Torch.add.0.forward": "x = 1"})") == "stack of 'Torch.add.0.forward' is not a list");
    CHECK(refusal("grouped", R"({"0": [["Torch.add.0.forward"], "x = 1"]})") ==
          "stack of entry group '0' is not a list");
}

TEST_CASE("a stack.json's names are found among thousands, a name listed twice by its last group", "[dump][stack]") {
    // Names that begin one another, an empty name, and one listed again in a later group.
    std::string text = R"({"0": [["Torch.add.1.forward", "", "Torch.add.10.forward"], ["first"]])";
    for (int g = 1; g <= 3000; ++g) {
        text += ", \"" + std::to_string(g) + "\": [[\"Module.m" + std::to_string(g) + ".forward\"], [\"line " +
                std::to_string(g) + "\"]]";
    }
    text += R"(, "3001": [["Torch.add.10.forward"], ["again"]]})";
    const auto stack = StackFile::load(write_stack("many", text));
    CHECK(stack.api_names().size() == 3004);
    CHECK(stack.api_names().back() == "Torch.add.10.forward");
    CHECK(*stack.stack_lines("Torch.add.1.forward") == std::vector<std::string>{"first"});
    CHECK(*stack.stack_lines("") == std::vector<std::string>{"first"});
    CHECK(*stack.stack_lines("Torch.add.10.forward") == std::vector<std::string>{"again"});
    CHECK(stack.stack_text("Torch.add.10.forward") == std::string("['again']"));
    for (const int g : {1, 17, 1024, 2999, 3000}) {
        const std::string name = "Module.m" + std::to_string(g) + ".forward";
        REQUIRE(stack.stack_lines(name));
        CHECK(*stack.stack_lines(name) == std::vector<std::string>{"line " + std::to_string(g)});
    }
    CHECK(stack.stack_lines("Module.m3001.forward") == nullptr);
    CHECK(stack.stack_lines("Torch.add.") == nullptr);
}

TEST_CASE("an empty stack.json lists nothing", "[dump][stack]") {
    const auto stack = StackFile::load(write_stack("empty", "{}"));
    CHECK(stack.api_names().empty());
    CHECK(stack.stack_lines("Torch.add.0.forward") == nullptr);
    CHECK_FALSE(stack.stack_text(""));
}
