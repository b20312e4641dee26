// The rewrites between a backward entry and its forward twin.
#include <catch2/catch.hpp>

#include <optional>
#include <string>

#include "graph/backward_names.hpp"

using namespace msprobe::graph;

TEST_CASE("backward_names: the call count after .backward or .forward", "[graph][names]") {
    CHECK(module_backward_count("Module.fc.Linear.backward.12") == std::optional<std::string>("12"));
    CHECK(module_forward_count("Module.fc.Linear.forward.0") == std::optional<std::string>("0"));
    CHECK_FALSE(module_backward_count("Module.fc.Linear.forward.0"));
    CHECK_FALSE(module_forward_count("Torch.relu.0.forward"));
    CHECK_FALSE(module_backward_count("Module.fc.Linear.backward."));
    CHECK_FALSE(module_backward_count("Module.fc.Linear.backward.1a"));
    CHECK_FALSE(module_backward_count("Module.fc.Linear_backward.1"));
}

TEST_CASE("backward_names: a name turned to the other direction", "[graph][names]") {
    CHECK(with_direction("Module.fc.Linear.backward.3", "backward", "forward", "0") == "Module.fc.Linear.forward.0");
    CHECK(direction_twin("Module.fc.Linear.backward.3", "backward", "forward", false) == "Module.fc.Linear.forward.3");
    CHECK(direction_twin("Torch.relu.0.backward", "backward", "forward", false) == "Torch.relu.0.forward");
    CHECK(direction_twin("Torch.relu.0.input.0", "backward", "forward", false) == "Torch.relu.0.input.0");
    // msprobe's rewrite replaces every occurrence, inside other words too.
    CHECK(direction_twin("Module.feedforward.FF.forward.0", "forward", "backward", true) ==
          "Module.feedbackward.FF.backward.0");
    CHECK(direction_twin("Module.feedforward.FF.forward.0", "forward", "backward", false) ==
          "Module.feedforward.FF.backward.0");
}

TEST_CASE("backward_names: plain substring helpers", "[graph][names]") {
    CHECK(replace_all("sendrank1_1", "rank1", "rank0") == "sendrank0_1");
    CHECK(replace_all("aaa", "a", "aa") == "aaaaaa");
    CHECK(replace_all("abc", "x", "y") == "abc");
    CHECK(ends_with("Torch.relu.0.backward", ".backward"));
    CHECK_FALSE(ends_with("backward", ".backward"));
}
