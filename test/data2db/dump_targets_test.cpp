#include "data2db/dump_targets.hpp"

#include <catch2/catch.hpp>

#include "common/error.hpp"

using namespace msprobe::data2db;

TEST_CASE("a dump entry's metric and its name without the direction", "[data2db][dump_targets]") {
    auto forward = typed_dump_key("Functional.linear.0.forward", false);
    REQUIRE(forward);
    CHECK(forward->metric == DumpMetric::Forward);
    CHECK(forward->name == "Functional.linear.0");
    auto module = typed_dump_key("Module.fc1.Linear.forward.2", true);
    REQUIRE(module);
    CHECK(module->metric == DumpMetric::Recompute);
    CHECK(module->name == "Module.fc1.Linear.2");
    auto backward = typed_dump_key("Module.fc1.Linear.backward.0", false);
    REQUIRE(backward);
    CHECK(backward->metric == DumpMetric::Backward);
    CHECK(backward->name == "Module.fc1.Linear.0");
    auto gradient = typed_dump_key("Module.fc1.parameters_grad", false);
    REQUIRE(gradient);
    CHECK(gradient->metric == DumpMetric::ParametersGrad);
    CHECK(gradient->name == "Module.fc1");
    auto fsdp = typed_dump_key("Module.fc1.parameters_grad.3", false);
    REQUIRE(fsdp);
    CHECK(fsdp->metric == DumpMetric::ParametersGrad);
    CHECK(fsdp->name == "Module.fc1");
    CHECK_FALSE(typed_dump_key("Functional.linear.0", false));
    CHECK_FALSE(typed_dump_key("Tensor.forwards.0", false));
}

TEST_CASE("the target keeps its trailing call number apart", "[data2db][dump_targets]") {
    // msprobe's own case (test_dump2db.py).
    const auto target = dump_target_name("Module._fsdp_wrapped_module.blocks.18._fsdp_wrapper_module.ffn.1.GELU.18");
    CHECK(target.prefix == "Module._fsdp_wrapped_module.blocks.18._fsdp_wrapper_module.ffn.1.GELU");
    CHECK(target.call == 18);
    CHECK(dump_target_name("Module.fc1").call == 0);
    CHECK(dump_target_name("Module.fc1").prefix == "Module.fc1");
    CHECK(dump_target_name("7").prefix.empty());
    CHECK_THROWS_AS(dump_target_name("a.99999999999999999999"), msprobe::Error);
}
