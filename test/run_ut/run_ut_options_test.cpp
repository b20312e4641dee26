// What run_ut does unless told otherwise: results beside the current
// folder, device 0, every API, a fresh timestamp, no resume, progress on,
// the element bound tied to memory; and an empty summary.
#include "run_ut/run_ut_options.hpp"

#include <catch2/catch.hpp>

#include <cstddef>
#include <limits>

using msprobe::run_ut::RunUtOptions;
using msprobe::run_ut::RunUtSummary;

TEST_CASE("run_ut options: the defaults run every API of the dump once, in the current folder",
          "[run_ut][run_ut_options]") {
    const RunUtOptions options;
    CHECK(options.out_dir == ".");
    CHECK(options.resume_csv.empty());
    CHECK(options.config.empty());
    CHECK(options.legacy_backward.empty());
    CHECK(options.devices == std::vector<int>{0});
    CHECK(options.timestamp.empty());  // now
    CHECK(options.first_api == 0);
    CHECK(options.api_count == std::numeric_limits<std::size_t>::max());  // no slice: every API
    CHECK(options.max_tensor_elements == 0);                              // tied to the memory available
    CHECK(options.show_progress);
    CHECK_FALSE(options.save_error_data);
    CHECK_FALSE(options.filter_api);
    CHECK_FALSE(options.seed_per_api);
    CHECK_FALSE(options.strict_compat);
}

TEST_CASE("run_ut options: a summary starts with nothing counted", "[run_ut][run_ut_options]") {
    const RunUtSummary summary;
    CHECK(summary.result_csv.empty());
    CHECK(summary.forward_apis == 0);
    CHECK(summary.executed == 0);
    CHECK(summary.skipped == 0);
    CHECK(summary.failed == 0);
}
