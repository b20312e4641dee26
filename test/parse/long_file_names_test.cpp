// Over-long output names: the UUID name a file gets, and mapping.csv's rows,
// whose long names are the user's dump names (quoted and formula-guarded).
#include <catch2/catch.hpp>

#include <string>

#include "parse/long_file_names.hpp"

using namespace msprobe::parse;

TEST_CASE("storable_file_name keeps short names and shortens long ones with their extension",
          "[parse][long_file_names]") {
    CHECK(storable_file_name("Conv2D.conv.1.2.3.input.0.npy") == "Conv2D.conv.1.2.3.input.0.npy");
    const std::string long_name = std::string(300, 'a') + ".npy";
    const std::string stored = storable_file_name(long_name);
    CHECK(stored.size() == 32 + 4);
    CHECK(stored.substr(32) == ".npy");
    CHECK(storable_file_name(long_name) == stored);  // the same name every time
}

TEST_CASE("merged_mapping_csv keeps the rows there and appends the new ones once", "[parse][long_file_names]") {
    CHECK(merged_mapping_csv("", {{"a.npy", "long.npy"}, {"a.npy", "long.npy"}}) == "a.npy,long.npy\n");
    CHECK(merged_mapping_csv("a.npy,long.npy", {{"a.npy", "long.npy"}, {"b.npy", "other.npy"}}) ==
          "a.npy,long.npy\nb.npy,other.npy\n");
}

TEST_CASE("merged_mapping_csv writes a long name as a CSV field, formula-like names guarded",
          "[parse][long_file_names]") {
    const std::string first = merged_mapping_csv("", {{"a.npy", "=HYPERLINK(\"http://x\",\"y\").npy"},
                                                      {"b.npy", "-1.5"},
                                                      {"c.npy", "x,y.npy"}});
    CHECK(first == "a.npy,\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\").npy\"\n"
                   "b.npy,-1.5\n"
                   "c.npy,\"x,y.npy\"\n");
    // Merged again with the same rows: nothing is added twice.
    CHECK(merged_mapping_csv(first, {{"a.npy", "=HYPERLINK(\"http://x\",\"y\").npy"}}) == first);
}
