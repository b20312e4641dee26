// JsonFile on hostile text: nesting stops at kMaxJsonDepth with a message
// instead of overflowing the stack, and a key given twice where Python's json
// would keep the last one is refused by name.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "common/error.hpp"
#include "dump/json_file.hpp"
#include "dump/json_tree.hpp"
#include "dump/ptdbg_pkl.hpp"
#include "dump/python_value.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using Catch::Matchers::Contains;
using msprobe::dump::JsonFile;
using msprobe::dump::kMaxJsonDepth;

namespace {

fs::path write_json(const std::string& name, const std::string& text) {
    const auto dir = msprobe::testing::scratch_dir("hostile_json");
    std::ofstream(dir / name, std::ios::binary) << text;
    return dir / name;
}

std::string nested_list(std::size_t depth, const std::string& inner = "1") {
    return std::string(depth, '[') + inner + std::string(depth, ']');
}

std::string load_error(const fs::path& path) {
    try {
        JsonFile::load(path);
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == path.string());
        return e.what();
    }
    return "loaded";
}

}  // namespace

TEST_CASE("JsonFile accepts kMaxJsonDepth levels and refuses one more", "[dump][hostile]") {
    const auto at_limit = write_json("at_limit.json", nested_list(kMaxJsonDepth));
    const JsonFile file = JsonFile::load(at_limit);
    // The recursive walks after the parse handle the deepest accepted value.
    CHECK(msprobe::dump::python_str(file.root()) == nested_list(kMaxJsonDepth));

    const auto over = write_json("over.json", nested_list(kMaxJsonDepth + 1));
    CHECK_THAT(load_error(over), Contains("over.json: malformed JSON at byte 1000: nested deeper than 1000 levels"));
}

TEST_CASE("JsonFile: a million unclosed brackets end in one message, not a crash", "[dump][hostile]") {
    const auto brackets = write_json("brackets.json", std::string(1'000'000, '['));
    CHECK_THAT(load_error(brackets), Contains("nested deeper than 1000 levels"));
    const auto objects = write_json("objects.json", [] {
        std::string text;
        for (int i = 0; i < 100'000; ++i) text += "{\"a\":";
        return text;
    }());
    CHECK_THAT(load_error(objects), Contains("nested deeper than 1000 levels"));
    // A well-formed dump whose argument nests 50,000 deep.
    const auto deep_input = write_json(
        "deep_input.json", R"({"task": "statistics", "data": {"Functional.relu.0.forward": {"input_args": )" +
                               nested_list(50'000) + "}}}");
    CHECK_THAT(load_error(deep_input), Contains("deep_input.json: malformed JSON at byte"));
}

TEST_CASE("JsonFile refuses a key given twice in the first three levels", "[dump][hostile]") {
    const auto data_twice = write_json("data_twice.json", R"({"task": "statistics", "data": {}, "data": {"a": {}}})");
    CHECK(load_error(data_twice) ==
          data_twice.string() +
              ": the key \"data\" appears twice; Python's json would keep the last, so the file is ambiguous");
    const auto api_twice = write_json(
        "api_twice.json", R"({"task": "statistics", "data": {"Torch.add.0.forward": {}, "Torch.add.0.forward": {}}})");
    CHECK_THAT(load_error(api_twice), Contains("the key \"Torch.add.0.forward\" appears twice in [\"data\"]"));
    const auto member_twice = write_json(
        "member_twice.json", R"({"data": {"Torch.add.0.forward": {"output": [], "input_args": [], "output": [1]}}})");
    CHECK_THAT(load_error(member_twice),
               Contains("the key \"output\" appears twice in [\"data\"][\"Torch.add.0.forward\"]"));
    // Deeper levels are argument values, read as Python reads them.
    const auto deep_twice = write_json(
        "deep_twice.json", R"({"data": {"Torch.add.0.forward": {"input_kwargs": {"alpha": {"a": 1, "a": 2}}}}})");
    CHECK(load_error(deep_twice) == "loaded");
    const auto distinct = write_json("distinct.json", R"({"a": {"x": {"p": 1, "q": 2}}, "b": {"x": {"p": 1}}})");
    CHECK(load_error(distinct) == "loaded");
}

TEST_CASE("load_json_tree limits nesting and names the file", "[dump][hostile]") {
    const auto deep = write_json("deep_compare.json", std::string(1'000'000, '['));
    CHECK_THROWS_WITH(msprobe::dump::load_json_tree(deep),
                      Contains("deep_compare.json: malformed JSON: nested deeper"));
    const auto good = write_json("good_compare.json", R"({"npu_path": "a", "list": )" + nested_list(100) + "}");
    CHECK(msprobe::dump::load_json_tree(good)["npu_path"] == "a");
}

TEST_CASE("ptdbg .pkl lines nested 100,000 deep are refused by line", "[dump][hostile]") {
    const std::string line =
        R"(["Torch_add_0_forward_input.0", 1, [], "torch.float32", [2], )" + nested_list(100'000) + "]\n";
    CHECK_THROWS_WITH(msprobe::dump::parse_ptdbg_pkl(line, "deep.pkl"),
                      Contains("deep.pkl: line 1: malformed JSON at column") && Contains("nested deeper than 1000"));
}
