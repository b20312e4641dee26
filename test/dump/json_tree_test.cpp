// compare.json and other user-written JSON read whole; errors name the file.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>

#include "common/error.hpp"
#include "dump/json_tree.hpp"
#include "support/shared_fixtures.hpp"

using msprobe::dump::load_json_tree;

namespace {

std::filesystem::path write_json(const std::string& name, const std::string& text) {
    const auto path = msprobe::testing::scratch_dir("json_tree_" + name) / "compare.json";
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

}  // namespace

TEST_CASE("load_json_tree reads a whole document", "[dump][json_tree]") {
    const auto tree = load_json_tree(write_json("ok", R"({"npu_path": "a/dump.json", "is_print_compare_log": true})"));
    CHECK(tree.at("npu_path") == "a/dump.json");
    CHECK(tree.at("is_print_compare_log") == true);
}

TEST_CASE("malformed JSON and a missing file are refused naming the file", "[dump][json_tree]") {
    const auto bad = write_json("bad", R"({"npu_path": })");
    try {
        load_json_tree(bad);
        FAIL("no error");
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == bad.string());
        CHECK(e.reason() == "malformed JSON at byte 14");  // the '}' where a value belongs
    }
    const auto absent = bad.parent_path() / "absent.json";
    try {
        load_json_tree(absent);
        FAIL("no error");
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == absent.string());
    }
}
