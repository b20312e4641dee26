// compare.json and other user-written JSON read whole; errors name the file.
#include <catch2/catch.hpp>

#include <string>

#include "dump/json_tree.hpp"
#include "support/input_refusal.hpp"
#include "support/shared_fixtures.hpp"

using msprobe::dump::load_json_tree;

namespace {

std::filesystem::path write_json(const std::string& name, const std::string& text) {
    return msprobe::testing::scratch_file("json_tree_" + name, "compare.json", text);
}

}  // namespace

TEST_CASE("load_json_tree reads a whole document", "[dump][json_tree]") {
    const auto tree = load_json_tree(write_json("ok", R"({"npu_path": "a/dump.json", "is_print_compare_log": true})"));
    CHECK(tree.at("npu_path") == "a/dump.json");
    CHECK(tree.at("is_print_compare_log") == true);
}

TEST_CASE("malformed JSON and a missing file are refused naming the file", "[dump][json_tree]") {
    const auto bad = write_json("bad", R"({"npu_path": })");
    // The '}' where a value belongs.
    CHECK(msprobe::testing::refusal_reason(bad, load_json_tree) == "malformed JSON at byte 14");
    CHECK_FALSE(msprobe::testing::refusal_reason(bad.parent_path() / "absent.json", load_json_tree).empty());
}
