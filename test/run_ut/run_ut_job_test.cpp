// run_ut over one dump: every forward API run and written to
// accuracy_checking_result_<TS>.csv and its details file, a slice of the
// APIs for a worker, a continued run that skips what the result file holds,
// and the run_ut section of -config (lists, with msprobe's checks and the
// spec's SKIP message, run_ut spec §4.2).
#include "run_ut/run_ut_job.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "common/error.hpp"
#include "result_rows.hpp"
#include "support/run_ut_dump.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe;

namespace {

run_ut::RunUtOptions options_for(const fs::path& dir) {
    run_ut::RunUtOptions options;
    options.api_info = testing::write_run_ut_dump(dir / "dump", false);
    options.out_dir = dir / "out";
    options.timestamp = "20260101000000";
    options.show_progress = false;
    return options;
}

std::string config_error(const fs::path& dir, const std::string& config_text) {
    auto options = options_for(dir);
    options.config = dir / "config.json";
    std::ofstream(options.config) << config_text;
    try {
        run_ut::run_ut(options);
    } catch (const Error& e) {
        CHECK(e.file() == options.config.string());
        return e.reason();
    }
    return "no error";
}

}  // namespace

TEST_CASE("run_ut job: every forward API of the dump is run and written", "[run_ut][run_ut_job]") {
    const auto dir = testing::scratch_dir("run_ut_job_all");
    const auto summary = run_ut::run_ut(options_for(dir));
    CHECK(summary.result_csv == dir / "out" / "accuracy_checking_result_20260101000000.csv");
    CHECK(summary.details_csv == dir / "out" / "accuracy_checking_details_20260101000000.csv");
    CHECK(summary.forward_apis == 2);
    CHECK(summary.executed == 2);
    CHECK(summary.skipped == 0);
    CHECK(summary.failed == 0);
    CHECK(summary.counts.pass == 2);
    const auto rows = testing::csv_rows_by_name(summary.result_csv);
    REQUIRE(rows.size() == 2);
    CHECK(rows.at("Torch.matmul.0")[1] == "pass");
    CHECK(rows.at("Functional.relu.0")[1] == "pass");
    CHECK(testing::csv_rows_by_name(summary.details_csv).count("Functional.relu.0.forward.output.0") == 1);
}

TEST_CASE("run_ut job: a worker runs its slice of the APIs", "[run_ut][run_ut_job]") {
    const auto dir = testing::scratch_dir("run_ut_job_slice");
    auto options = options_for(dir);
    options.first_api = 1;
    options.api_count = 1;
    const auto summary = run_ut::run_ut(options);
    CHECK(summary.executed == 1);
    const auto rows = testing::csv_rows_by_name(summary.result_csv);
    REQUIRE(rows.size() == 1);
    CHECK(rows.count("Functional.relu.0") == 1);  // the second API in dump order
}

TEST_CASE("run_ut job: a continued run skips the APIs its result file holds", "[run_ut][run_ut_job]") {
    const auto dir = testing::scratch_dir("run_ut_job_resume");
    auto options = options_for(dir);
    options.api_count = 1;
    const auto first = run_ut::run_ut(options);
    REQUIRE(testing::csv_rows_by_name(first.result_csv).size() == 1);
    options.api_count = static_cast<std::size_t>(-1);
    options.resume_csv = first.result_csv;
    const auto resumed = run_ut::run_ut(options);
    CHECK(resumed.result_csv == first.result_csv);  // appended to, not a new file
    CHECK(resumed.executed == 1);
    CHECK(resumed.counts.total() == 2);  // the earlier row counts too
    const auto rows = testing::csv_rows_by_name(resumed.result_csv);
    CHECK(rows.size() == 2);
}

TEST_CASE("run_ut job: -config's white list skips the others with msprobe's message", "[run_ut][run_ut_job]") {
    const auto dir = testing::scratch_dir("run_ut_job_white_list");
    auto options = options_for(dir);
    options.config = dir / "config.json";
    std::ofstream(options.config) << R"({"task": "statistics", "run_ut": {"white_list": ["relu"]}})";
    const auto summary = run_ut::run_ut(options);
    CHECK(summary.executed == 1);
    CHECK(summary.skipped == 1);
    const auto rows = testing::csv_rows_by_name(summary.result_csv);
    CHECK(rows.at("Torch.matmul.0")[1] == "SKIP");
    CHECK(rows.at("Torch.matmul.0").back() == "API matmul in black list or not in white list. SKIP.");
    CHECK(rows.at("Functional.relu.0")[1] == "pass");
}

TEST_CASE("run_ut job: a -config msprobe would refuse is refused, naming the file", "[run_ut][run_ut_job]") {
    const auto dir = testing::scratch_dir("run_ut_job_bad_config");
    CHECK(config_error(dir, R"({"run_ut": {"white_list": "relu"}})") == "run_ut.white_list must be a list of strings");
    CHECK(config_error(dir, R"({"run_ut": {"black_list": ["no_such_api_xyz"]}})") ==
          "Invalid api in black_list: ['no_such_api_xyz']");
    CHECK(config_error(dir, R"({"task": "dump", "run_ut": {}})") ==
          "task must be one of acc_check, exception_dump, free_benchmark, grad_probe, overflow_check, run_ut, "
          "statistics, structure, tensor");
    CHECK(config_error(dir, R"([1, 2])") == "is not a JSON object");
}
