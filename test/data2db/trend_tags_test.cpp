#include "data2db/trend_tags.hpp"

#include <catch2/catch.hpp>

using namespace msprobe::data2db;

namespace {
std::vector<TrendTag> tags(std::initializer_list<std::pair<const char*, const char*>> list) {
    std::vector<TrendTag> out;
    for (const auto& [name, category] : list) out.push_back({name, category});
    return out;
}
}  // namespace

TEST_CASE("a module target: index, default, layers and the modules between them", "[data2db][trend_tags]") {
    // msprobe's own example (test_dump2db_utils.py).
    CHECK(dump_target_tags("Module.testlayername.layer.1.blocks.1.conv2.Conv2d.input.2") ==
          tags({{"input.2", "index"},
                {"Module", "default"},
                {"layer.1", "layer"},
                {"testlayername", "module"},
                {"blocks.1", "layer"},
                {"conv2.Conv2d", "module"}}));
    // A number after a number, or first, is no layer.
    CHECK(dump_target_tags("Module.0.Block.output.0") ==
          tags({{"output.0", "index"}, {"Module", "default"}, {"Block", "module"}}));
    CHECK(dump_target_tags("Module.layers.1.2.mlp.parameters.weight") ==
          tags({{"parameters.weight", "index"}, {"Module", "default"}, {"layers.1", "layer"}, {"mlp", "module"}}));
}

TEST_CASE("an API target: index and its function name", "[data2db][trend_tags]") {
    CHECK(dump_target_tags("Functional.linear.input.0") ==
          tags({{"input.0", "index"}, {"Functional.linear", "function"}}));
    CHECK(dump_target_tags("Tensor.add.output.0") == tags({{"output.0", "index"}, {"Tensor.add", "function"}}));
}

TEST_CASE("too short a name, or Module alone, has no tags", "[data2db][trend_tags]") {
    CHECK(dump_target_tags("input.0").empty());
    CHECK(dump_target_tags("Module.input.0").empty());
    CHECK(dump_target_tags("Module.Cell.output.1").empty());
}

TEST_CASE("a monitor target's tags, read from its end", "[data2db][trend_tags]") {
    CHECK(monitor_target_tags("layers.22.self_attention.linear_qkv") ==
          tags({{"linear_qkv", "module"}, {"self_attention", "module"}, {"layers.22", "layer"}, {"layers", "module"}}));
    CHECK(monitor_target_tags("0.1.a") == tags({{"a", "module"}}));
    CHECK(monitor_target_tags("w.0") == tags({{"w.0", "layer"}, {"w", "module"}}));
}
