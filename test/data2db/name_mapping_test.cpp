#include "data2db/name_mapping.hpp"

#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::data2db;
using msprobe::testing::scratch_file;

TEST_CASE("replacements apply in the file's order, each everywhere", "[data2db][name_mapping]") {
    const auto file = scratch_file("name_mapping", "map.json", R"({".TE": ".", ".MindSeed": ".", "..": "."})");
    const NameMapping mapping = NameMapping::read(file);
    CHECK(mapping.applied("Module.TE.layer.MindSeed.fc.TE.out") == "Module.layer.fc.out");
    CHECK(NameMapping().applied("a.TE.b") == "a.TE.b");
    CHECK(NameMapping({std::pair<std::string, std::string>{"", "-"}}).applied("ab") ==
          "-a-b-");  // Python's str.replace('', '-')
}

TEST_CASE("a mapping that is no object of texts is refused naming the file", "[data2db][name_mapping]") {
    for (const char* text : {"[1, 2]", "{\"a\": 1}", "{\"a\": \"b\"", ""}) {
        INFO(text);
        const auto file = scratch_file("name_mapping_bad", "map.json", text);
        try {
            NameMapping::read(file);
            FAIL("accepted");
        } catch (const msprobe::Error& e) {
            CHECK(e.file() == file.string());
        }
    }
    CHECK_THROWS_AS(NameMapping::read("/nonexistent/map.json"), msprobe::Error);
}
