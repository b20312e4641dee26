#include "common/text_map.hpp"

#include <catch2/catch.hpp>

TEST_CASE("a text map is searched by a view of the key", "[common][text_map]") {
    msprobe::TextMap<int> map;
    map.emplace("Functional.linear.0.forward", 1);
    map.emplace("Functional.linear.1.forward", 2);
    const std::string text = "xFunctional.linear.1.forwardx";
    const std::string_view view = std::string_view(text).substr(1, text.size() - 2);
    REQUIRE(map.find(view) != map.end());
    CHECK(map.find(view)->second == 2);
    CHECK(map.find(std::string_view("Functional.linear.2.forward")) == map.end());
    CHECK(map.contains(std::string_view("Functional.linear.0.forward")));
}
