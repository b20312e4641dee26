// run_ut end to end through libtorch (spec run_ut §17.3): msprobe's golden
// run of a constructed statistics dump, byte for byte, with the same random
// draws (seed 1234, keyword arguments first) and the CPU-emulated device.
#include <catch2/catch.hpp>

#include "run_ut/run_ut_job.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::run_ut;

TEST_CASE("run_ut reproduces msprobe's golden run of a statistics dump", "[run_ut][golden][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto golden = *fixtures / "reference_samples" / "run_ut_golden";
    RunUtOptions options;
    options.api_info = golden / "dump.json";
    options.out_dir = msprobe::testing::scratch_dir("run_ut_golden");
    options.timestamp = "20260101000000";
    const auto summary = run_ut(options);
    using msprobe::testing::read_file_text;
    CHECK(read_file_text(summary.result_csv) == read_file_text(golden / "accuracy_checking_result_20260101000000.csv"));
    CHECK(read_file_text(summary.details_csv) ==
          read_file_text(golden / "accuracy_checking_details_20260101000000.csv"));
    CHECK(summary.forward_apis == 6);
}
