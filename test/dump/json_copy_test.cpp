// Copying msprobe's JSON values through the Python-style writer.
#include <catch2/catch.hpp>

#include "dump/json_copy.hpp"
#include "dump/json_file.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;

namespace {

dump::JsonFile json_of(const std::string& name, const std::string& text) {
    return dump::JsonFile::load(testing::scratch_file(name, "value.json", text));
}

std::string copied(dump::JsonView value, int indent) {
    py::JsonWriter out(indent);
    dump::copy_json_value(out, value);
    return out.text();
}

}  // namespace

TEST_CASE("values are copied unchanged, in member order", "[json_copy]") {
    const auto json = json_of(
        "json_copy_values",
        R"({"z": 1, "a": 2.5, "f": 25.0, "n": null, "t": true, "s": "x\"y", "l": [1, NaN, -Infinity], "e": {}})");
    CHECK(copied(json.root(), 1) ==
          "{\n \"z\": 1,\n \"a\": 2.5,\n \"f\": 25.0,\n \"n\": null,\n \"t\": true,\n \"s\": \"x\\\"y\",\n"
          " \"l\": [\n  1,\n  NaN,\n  -Infinity\n ],\n \"e\": {}\n}");
    const auto scalar = json_of("json_copy_scalar", "[false, 1e-05]");
    CHECK(copied(scalar.root(), 0) == "[\nfalse,\n1e-05\n]");
}
