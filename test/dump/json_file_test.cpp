// A dump file's JSON loaded whole: the root, the path, member lookup, and
// refusals naming the file.
#include <catch2/catch.hpp>

#include <string>

#include "dump/json_file.hpp"
#include "support/input_refusal.hpp"
#include "support/shared_fixtures.hpp"

using msprobe::dump::find_member;
using msprobe::dump::JsonFile;

namespace {

std::filesystem::path write_json(const std::string& name, const std::string& text) {
    return msprobe::testing::scratch_file("json_file_" + name, "dump.json", text);
}

}  // namespace

TEST_CASE("JsonFile keeps the document and its path; find_member looks up one level", "[dump][json_file]") {
    const auto path = write_json("ok", R"({"task": "tensor", "data": {"x": 1}, "n": 2.5})");
    const JsonFile file = JsonFile::load(path);
    CHECK(file.path() == path.string());
    const auto* task = find_member(file.document(), "task");
    REQUIRE(task);
    CHECK(std::string(task->GetString()) == "tensor");
    CHECK(find_member(file.document(), "absent") == nullptr);
    CHECK(find_member(*find_member(file.document(), "n"), "x") == nullptr);  // not an object
    const auto* data = find_member(file.document(), "data");
    REQUIRE(data);
    CHECK(find_member(*data, "x")->GetInt() == 1);
}

TEST_CASE("JsonFile refuses malformed text naming the file and the byte", "[dump][json_file]") {
    const auto path = write_json("bad", "{\"task\": \"tensor\",}");
    // The '}' after the comma.
    CHECK(msprobe::testing::refusal_reason(path, JsonFile::load).starts_with("malformed JSON at byte 18: "));
}
