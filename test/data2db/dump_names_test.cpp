#include "data2db/dump_names.hpp"

#include <catch2/catch.hpp>

#include "common/error.hpp"

using msprobe::data2db::DumpMetric;
using msprobe::data2db::DumpNames;
using msprobe::data2db::NameMapping;

TEST_CASE("entry keys are typed once, with the mapping applied", "[data2db][dump_names]") {
    const NameMapping mapping({std::pair<std::string, std::string>{"relu", "act"}});
    DumpNames names(mapping);
    const auto& forward = names.entry("Functional.relu.3.forward");
    REQUIRE(forward.metric == DumpMetric::Forward);
    CHECK(forward.prefix == "Functional.act");
    CHECK(forward.call == 3);
    CHECK(&names.entry("Functional.relu.3.forward") == &forward);  // kept
    const auto& gradient = names.entry("Module.fc1.Linear.parameters_grad");
    CHECK(gradient.metric == DumpMetric::ParametersGrad);
    CHECK(gradient.prefix == "Module.fc1.Linear");
    CHECK_FALSE(names.entry("Functional.relu.3").metric);
    const auto& huge = names.entry("Functional.relu.99999999999999999999.forward");
    CHECK(huge.metric == DumpMetric::Forward);
    REQUIRE(huge.error);
    CHECK_THROWS_AS(std::rethrow_exception(huge.error), msprobe::Error);
}

TEST_CASE("targets are numbered in the order they are first asked for", "[data2db][dump_names]") {
    const NameMapping mapping;
    DumpNames names(mapping);
    bool added = false;
    CHECK(names.target("Functional.linear.input.0", 0, added) == 0);
    CHECK(added);
    CHECK(names.target("Functional.linear.input.0", 1, added) == 1);  // another call: another target
    CHECK(added);
    CHECK(names.target("Functional.linear.input.0", 0, added) == 0);
    CHECK_FALSE(added);
    CHECK(names.target("Functional.linear.input.1", 0, added) == 2);
    CHECK(names.target_count() == 3);
}
