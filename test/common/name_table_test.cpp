#include "common/name_table.hpp"

#include <string>
#include <vector>

#include <catch2/catch.hpp>

using msprobe::NameTable;

TEST_CASE("a name table finds each name at the position it was added", "[common][name_table]") {
    NameTable table;
    CHECK(table.empty());
    CHECK_FALSE(table.find("Functional.linear.0.forward"));
    // Enough names to grow the slots several times; names that begin one another.
    for (std::size_t i = 0; i < 3000; ++i) CHECK(table.add("Functional.linear." + std::to_string(i) + ".forward") == i);
    REQUIRE(table.size() == 3000);
    for (std::size_t i = 0; i < 3000; ++i) {
        const std::string name = "Functional.linear." + std::to_string(i) + ".forward";
        CHECK(table.name(i) == name);
        CHECK(table.find(name) == i);
    }
    CHECK_FALSE(table.find("Functional.linear.3000.forward"));
    CHECK_FALSE(table.find("Functional.linear.1"));
    CHECK_FALSE(table.find(""));
}

TEST_CASE("a name added twice is found at its last position, an empty name like any", "[common][name_table]") {
    NameTable table;
    CHECK(table.add("Tensor.add.0.forward") == 0);
    CHECK(table.add("") == 1);
    CHECK(table.add("Tensor.add.0.forward") == 2);
    CHECK(table.size() == 3);
    CHECK(table.name(0) == "Tensor.add.0.forward");
    CHECK(table.name(1).empty());
    CHECK(table.name(2) == "Tensor.add.0.forward");
    CHECK(table.names() == std::vector<std::string>{"Tensor.add.0.forward", "", "Tensor.add.0.forward"});
    CHECK(table.find("Tensor.add.0.forward") == std::size_t{2});
    CHECK(table.find("") == std::size_t{1});
    table.clear();
    CHECK(table.empty());
    CHECK_FALSE(table.find("Tensor.add.0.forward"));
    CHECK(table.add("Tensor.add.0.forward") == 0);
}
