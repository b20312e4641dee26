// The op_items rows of one state. (Truthiness is the JSON view's: test/dump/json_view_test.cpp.)
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

}  // namespace

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
    CHECK(rows[0].second.member("v").integer() == 4);
    CHECK(rows[1].first == "c");
    CHECK(rows[2].first == "None");
    CHECK(rows[2].second.member("v").integer() == 5);
    const auto outputs = rows_of_state(json.root(), "output");
    REQUIRE(outputs.size() == 1);
    CHECK(outputs[0].first == "b");
    CHECK(rows_of_state(json_of("json_copy_object", "{}").root(), "input").empty());
}
