// --fail-on: one test of the level for every gated subcommand, and its line.
#include <catch2/catch.hpp>

#include "fail_on.hpp"

using msprobe::cli::FailOn;
using msprobe::cli::fail_on_line;
using msprobe::cli::reached;

TEST_CASE("fail-on: the level is reached by an error, and by a warning only at the warning level", "[cli][fail_on]") {
    CHECK_FALSE(reached(FailOn{"", 3, 3, "rows"}));  // not given
    CHECK_FALSE(reached(FailOn{"error", 0, 5, "rows"}));
    CHECK(reached(FailOn{"error", 1, 0, "rows"}));
    CHECK(reached(FailOn{"warning", 0, 1, "rows"}));
    CHECK(reached(FailOn{"warning", 2, 0, "rows"}));
    CHECK_FALSE(reached(FailOn{"warning", 0, 0, "rows"}));
    // Levels of a single kind count it as errors.
    CHECK(reached(FailOn{"diff", 1, 0, "a rank differs"}));
    CHECK_FALSE(reached(FailOn{"overflow", 0, 0, ""}));
}

TEST_CASE("fail-on: the line names the level and what reached it, unless the report said it", "[cli][fail_on]") {
    CHECK(fail_on_line(FailOn{"error", 2, 1, "2 error and 1 warning row(s)"}) ==
          std::optional<std::string>("--fail-on error: 2 error and 1 warning row(s)"));
    CHECK(fail_on_line(FailOn{"error", 0, 1, "0 error and 1 warning row(s)"}) == std::nullopt);
    CHECK(fail_on_line(FailOn{"overflow", 4, 0, ""}) == std::nullopt);
}
