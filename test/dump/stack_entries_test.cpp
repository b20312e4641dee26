// stack.json's two layouts walked by one reader: the grouped one (a truthy
// "0" group) and the per-key one, and the shapes each refuses or skips.
#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include "common/error.hpp"
#include "dump/json_file.hpp"
#include "dump/stack_entries.hpp"

using namespace msprobe;

namespace {

// (api, first frame) for every visited entry, in visit order.
std::vector<std::pair<std::string, std::string>> visited(const std::string& text) {
    const dump::JsonFile json = dump::JsonFile::from_text(text, "stack.json");
    std::vector<std::pair<std::string, std::string>> out;
    dump::for_each_stack_entry(json, [&](std::string_view api, dump::JsonView frames) {
        out.emplace_back(std::string(api), frames.size() > 0 ? std::string(frames.item(0).text()) : "<none>");
    });
    return out;
}

using Visits = std::vector<std::pair<std::string, std::string>>;

}  // namespace

TEST_CASE("per-key layout: every key with its frame list, in file order", "[dump][stack_entries]") {
    CHECK(visited(R"({"Functional.relu.0.forward": ["File a.py, line 1"], "Tensor.add.0.forward": []})") ==
          Visits{{"Functional.relu.0.forward", "File a.py, line 1"}, {"Tensor.add.0.forward", "<none>"}});
    CHECK(visited("{}").empty());
}

TEST_CASE("grouped layout: each group's keys share its frames, other shapes are skipped", "[dump][stack_entries]") {
    CHECK(visited(R"({"0": [["Functional.relu.0.forward", "Functional.relu.0.backward"], ["File a.py, line 1"]],
                      "1": [["Tensor.add.0.forward", 7], ["File b.py, line 2"]],
                      "2": "not a group",
                      "3": [["Torch.mul.0.forward"]]})") ==
          Visits{{"Functional.relu.0.forward", "File a.py, line 1"},
                 {"Functional.relu.0.backward", "File a.py, line 1"},
                 {"Tensor.add.0.forward", "File b.py, line 2"}});
    // A falsy "0" (an empty group) means the per-key layout.
    CHECK(visited(R"({"0": [], "Torch.mul.0.forward": ["File c.py, line 3"]})") ==
          Visits{{"0", "<none>"}, {"Torch.mul.0.forward", "File c.py, line 3"}});
}

TEST_CASE("a stack.json that is not an object, or a frame list that is not a list, names the file",
          "[dump][stack_entries]") {
    try {
        visited("[1, 2]");
        FAIL("a list must be refused");
    } catch (const Error& e) {
        CHECK(e.file() == "stack.json");
        CHECK(e.reason() == "the format of the stack.json is incorrect: expected a JSON object");
    }
    CHECK_THROWS_WITH(visited(R"({"Torch.mul.0.forward": "File c.py"})"),
                      Catch::Contains("stack of 'Torch.mul.0.forward' is not a list"));
    CHECK_THROWS_WITH(visited(R"({"0": [["Torch.mul.0.forward"], "File c.py"]})"),
                      Catch::Contains("stack of entry group '0' is not a list"));
}
