// A dump file's JSON loaded whole: the root, the path, member lookup, and
// refusals naming the file.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "common/error.hpp"
#include "dump/json_file.hpp"
#include "support/input_refusal.hpp"
#include "support/shared_fixtures.hpp"

using msprobe::dump::JsonFile;

namespace {

std::filesystem::path write_json(const std::string& name, const std::string& text) {
    return msprobe::testing::scratch_file("json_file_" + name, "dump.json", text);
}

}  // namespace

TEST_CASE("JsonFile keeps the document and its path, its root is a view", "[dump][json_file]") {
    const auto path = write_json("ok", R"({"task": "tensor", "data": {"x": 1}, "n": 2.5})");
    const JsonFile file = JsonFile::load(path);
    CHECK(file.path() == path.string());
    CHECK(file.root().member("task").text() == "tensor");
    CHECK_FALSE(file.root().has_member("absent"));
    CHECK_FALSE(file.root().member("n").has_member("x"));  // not an object
    CHECK(file.root().member("data").member("x").integer() == 1);
}

TEST_CASE("JsonFile::from_text reads a document made in memory under the name given", "[dump][json_file]") {
    const JsonFile file = JsonFile::from_text(R"({"a": [1, 2.0, NaN]})", "converted.json");
    CHECK(file.path() == "converted.json");
    CHECK(file.root().member("a").item(1).is_double());
    CHECK(std::isnan(*file.root().member("a").item(2).number()));
    try {
        (void)JsonFile::from_text(R"({"a": 1, "a": 2})", "converted.json");
        FAIL("a repeated name was accepted");
    } catch (const msprobe::Error& error) {
        CHECK(error.file() == "converted.json");
    }
}

TEST_CASE("JsonFile refuses malformed text naming the file and the byte", "[dump][json_file]") {
    const auto path = write_json("bad", "{\"task\": \"tensor\",}");
    // The '}' after the comma.
    CHECK(msprobe::testing::refusal_reason(path, JsonFile::load).starts_with("malformed JSON at byte 18: "));
}
