// multi_run_ut hands each worker's options to the command line layer, which
// builds the worker's argv: the library never spells a flag.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "run_ut/run_ut_job.hpp"
#include "support/run_ut_dump.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;

TEST_CASE("multi_run_ut gives each worker its slice of the APIs and the shared result file", "[run_ut]") {
    const auto dir = testing::scratch_dir("multi_run_ut_workers");
    run_ut::RunUtOptions options;
    options.api_info = testing::write_run_ut_dump(dir / "dump", false);
    options.out_dir = dir / "out";
    options.timestamp = "20260101000000";
    options.filter_api = true;
    options.show_progress = false;
    std::vector<run_ut::RunUtOptions> workers;
    const auto summary = run_ut::multi_run_ut(options, 2, [&](const run_ut::RunUtOptions& worker) {
        workers.push_back(worker);
        return std::vector<std::string>{"/bin/true"};
    });
    REQUIRE(workers.size() == 2);  // Torch.matmul.0 and Functional.relu.0, one each
    CHECK(summary.result_csv == options.out_dir / "accuracy_checking_result_20260101000000.csv");
    for (std::size_t i = 0; i < workers.size(); ++i) {
        INFO(i);
        CHECK(workers[i].first_api == i);
        CHECK(workers[i].api_count == 1);
        CHECK(workers[i].resume_csv == summary.result_csv);
        CHECK(workers[i].api_info == options.api_info);
        CHECK(workers[i].filter_api);
    }
}
