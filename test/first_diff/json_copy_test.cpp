// Copying msprobe's JSON values through the Python-style writer, truthiness,
// and the op_items rows of one state.
#include <catch2/catch.hpp>

#include "dump/json_file.hpp"
#include "first_diff/json_copy.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::first_diff;

namespace {

dump::JsonFile json_of(const std::string& name, const std::string& text) {
    return dump::JsonFile::load(testing::scratch_file(name, "value.json", text));
}

std::string copied(const rapidjson::Value& value, int indent) {
    py::JsonWriter out(indent);
    copy_json_value(out, value);
    return out.text();
}

}  // namespace

TEST_CASE("values are copied unchanged, in member order", "[json_copy]") {
    const auto json = json_of("json_copy_values",
                              R"({"z": 1, "a": 2.5, "f": 25.0, "n": null, "t": true, "s": "x\"y", "l": [1, NaN, -Infinity], "e": {}})");
    CHECK(copied(json.root(), 1) ==
          "{\n \"z\": 1,\n \"a\": 2.5,\n \"f\": 25.0,\n \"n\": null,\n \"t\": true,\n \"s\": \"x\\\"y\",\n"
          " \"l\": [\n  1,\n  NaN,\n  -Infinity\n ],\n \"e\": {}\n}");
    const auto scalar = json_of("json_copy_scalar", "[false, 1e-05]");
    CHECK(copied(scalar.root(), 0) == "[\nfalse,\n1e-05\n]");
}

TEST_CASE("Python truthiness of possibly absent values", "[json_copy]") {
    const auto json = json_of("json_copy_truthy",
                              R"({"zero": 0, "one": 1, "empty": "", "text": "a", "none": null, "list": [], "full": [0], "f": false})");
    auto truthy = [&](const char* key) { return json_truthy(dump::find_member(json.root(), key)); };
    CHECK_FALSE(json_truthy(nullptr));
    CHECK_FALSE(truthy("zero"));
    CHECK(truthy("one"));
    CHECK_FALSE(truthy("empty"));
    CHECK(truthy("text"));
    CHECK_FALSE(truthy("none"));
    CHECK_FALSE(truthy("list"));
    CHECK(truthy("full"));
    CHECK_FALSE(truthy("f"));
    CHECK_FALSE(truthy("absent"));
}

TEST_CASE("rows of one state: a repeated name keeps its place, the later row wins", "[json_copy]") {
    const auto json = json_of("json_copy_rows", R"([
        {"NPU Name": "a", "state": "input", "v": 1},
        {"NPU Name": "b", "state": "output", "v": 2},
        {"NPU Name": "c", "state": "input", "v": 3},
        {"NPU Name": "a", "state": "input", "v": 4},
        {"state": "input", "v": 5},
        {"NPU Name": "d", "v": 6}
    ])");
    const auto rows = rows_of_state(json.root(), "input");
    REQUIRE(rows.size() == 3);
    CHECK(rows[0].first == "a");
    CHECK(dump::find_member(*rows[0].second, "v")->GetInt() == 4);
    CHECK(rows[1].first == "c");
    CHECK(rows[2].first == "None");
    CHECK(dump::find_member(*rows[2].second, "v")->GetInt() == 5);
    const auto outputs = rows_of_state(json.root(), "output");
    REQUIRE(outputs.size() == 1);
    CHECK(outputs[0].first == "b");
    CHECK(rows_of_state(json_of("json_copy_object", "{}").root(), "input").empty());
}
