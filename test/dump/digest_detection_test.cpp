// Where msprobe looks for a digest to call a statistics dump an md5 one: one
// level into each section of a dump.json entry, every depth of a debug.json value.
#include <catch2/catch.hpp>

#include <string>

#include "dump/digest_detection.hpp"
#include "dump/json_file.hpp"

using msprobe::dump::entry_has_digest;
using msprobe::dump::has_digest_anywhere;
using msprobe::dump::JsonFile;

namespace {

JsonFile parsed(const std::string& text) { return JsonFile::from_text(text, "dump.json"); }

}  // namespace

TEST_CASE("an entry holds a digest in a section's records, its object or its text", "[dump][digest_detection]") {
    CHECK(entry_has_digest(parsed(R"({"input_args": [{"type": "int"}, {"md5": "0a1b2c3d"}]})").root()));
    CHECK(entry_has_digest(parsed(R"({"input_kwargs": {"md5": "0a1b2c3d"}})").root()));
    CHECK(entry_has_digest(parsed(R"({"note": "summary_mode md5"})").root()));
    CHECK_FALSE(entry_has_digest(parsed(R"({"input_args": [{"type": "int"}, {}], "output": []})").root()));
    CHECK_FALSE(entry_has_digest(parsed(R"({"requires_grad": true, "output": 3})").root()));
    // One level only: a digest inside a nested list is not looked at.
    CHECK_FALSE(entry_has_digest(parsed(R"({"input_args": [[{"md5": "0a1b2c3d"}]]})").root()));
    CHECK_FALSE(entry_has_digest(parsed(R"(["md5"])").root()));
    CHECK_FALSE(entry_has_digest(parsed("{}").root().member("absent")));
}

TEST_CASE("a debug value holds a digest at any depth", "[dump][digest_detection]") {
    CHECK(has_digest_anywhere(parsed(R"({"input_args": [[{"md5": "0a1b2c3d"}]]})").root()));
    CHECK(has_digest_anywhere(parsed(R"([1, [2, {"x": {"md5": null}}]])").root()));
    CHECK(has_digest_anywhere(parsed(R"({"md5": 1})").root()));
    CHECK_FALSE(has_digest_anywhere(parsed(R"({"note": "md5", "list": ["md5"]})").root()));  // texts do not count
    CHECK_FALSE(has_digest_anywhere(parsed("3").root()));
}
