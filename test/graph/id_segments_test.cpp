// Node ids as their dot-separated fields.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "graph/id_segments.hpp"

using msprobe::graph::join_fields;
using msprobe::graph::split_id;
using Fields = std::vector<std::string>;

TEST_CASE("id_segments: split at every dot, empty fields kept", "[graph][names]") {
    CHECK(split_id("Module.fc.Linear.forward.0") == Fields{"Module", "fc", "Linear", "forward", "0"});
    CHECK(split_id("DefaultModel") == Fields{"DefaultModel"});
    CHECK(split_id("a..b.") == Fields{"a", "", "b", ""});
    CHECK(split_id("") == Fields{""});
}

TEST_CASE("id_segments: the first fields joined back", "[graph][names]") {
    const Fields fields = split_id("Module.layers.0.Layer.forward.1");
    CHECK(join_fields(fields, 4) == "Module.layers.0.Layer");
    CHECK(join_fields(fields, fields.size()) == "Module.layers.0.Layer.forward.1");
    CHECK(join_fields(fields, 99) == "Module.layers.0.Layer.forward.1");
    CHECK(join_fields(fields, 0).empty());
}
