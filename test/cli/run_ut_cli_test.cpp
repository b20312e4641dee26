// run_ut, multi_run_ut, run_overflow_check and api_precision_compare through
// the binary: msprobe's single-dash flags, exit codes, output files.
#include <catch2/catch.hpp>

#include <algorithm>

#include "msprobe_process.hpp"
#include "report/csv_reader.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::testing::output_named;
using msprobe::testing::run_msprobe;

TEST_CASE("api_precision_compare with -npu/-gpu reproduces msprobe's files", "[cli][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto golden = *fixtures / "reference_samples" / "api_precision_compare_golden";
    const auto dir = msprobe::testing::scratch_dir("cli_api_precision_compare");
    const auto r = run_msprobe({"-f", "pytorch", "api_precision_compare", "-npu",
                                (golden / "npu_accuracy_checking_details_20260101000000.csv").string(), "-gpu",
                                (golden / "gpu_accuracy_checking_details_20260101000000.csv").string(), "-o", "out"},
                               dir);
    REQUIRE(r.exit_code == 0);
    const auto result = output_named(dir / "out", "api_precision_compare_result_");
    REQUIRE(!result.empty());
    CHECK(msprobe::testing::read_file_text(result) ==
          msprobe::testing::read_file_text(golden / "api_precision_compare_result_20260101000000.csv"));
    // The summary counts the result file's APIs and names its first that did not pass.
    const auto records = msprobe::report::read_csv_records(result.string());
    std::size_t passed = 0;
    std::string first_failed;
    for (std::size_t row = 1; row < records.size(); ++row) {
        const bool pass = records[row][1] == "pass" && (records[row][2] == "pass" || records[row][2] == " ");
        passed += pass ? 1 : 0;
        if (!pass && first_failed.empty()) first_failed = records[row][0];
    }
    const std::size_t apis = records.size() - 1;
    CHECK(r.out.find("Judged " + std::to_string(apis) + " APIs: " + std::to_string(passed) + " pass, " +
                     std::to_string(apis - passed) + " not pass.\nFirst API not passing: " + first_failed +
                     ": forward or backward not pass\nWritten:\n  out/" + result.filename().string() + "\n") !=
          std::string::npos);
}

TEST_CASE("api_precision_compare names a missing input and exits 2", "[cli]") {
    const auto dir = msprobe::testing::scratch_dir("cli_api_precision_compare_missing");
    const auto r = run_msprobe({"-f", "pytorch", "api_precision_compare", "-npu", "no.csv", "-gpu", "no.csv"}, dir);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("no.csv") != std::string::npos);
}

TEST_CASE("run_ut refuses bad device ids, or runs nowhere without libtorch, before writing anything",
          "[cli][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto dump = (*fixtures / "reference_samples" / "run_ut_golden" / "dump.json").string();
    const auto dir = msprobe::testing::scratch_dir("cli_run_ut_refusals");
#ifdef MSPROBE_WITH_TORCH
    const auto r = run_msprobe({"-f", "pytorch", "run_ut", "-api_info", dump, "-d", "0", "0"}, dir);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("device id must be unique") != std::string::npos);
#else
    const auto r = run_msprobe({"-f", "pytorch", "run_ut", "-api_info", dump}, dir);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("needs libtorch") != std::string::npos);
#endif
    // Refused before anything is written.
    for (const auto& e : fs::directory_iterator(dir)) {
        CHECK(e.path().filename().string().rfind("accuracy_checking_", 0) == std::string::npos);
    }
}

#ifdef MSPROBE_WITH_TORCH
TEST_CASE("run_ut -api_info writes the result and details files and resumes from -csv_path", "[cli][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto golden = *fixtures / "reference_samples" / "run_ut_golden";
    const auto dir = msprobe::testing::scratch_dir("cli_run_ut");
    auto r = run_msprobe({"-f", "pytorch", "run_ut", "-api_info", (golden / "dump.json").string(), "-o", "out"}, dir);
    REQUIRE(r.exit_code == 0);
    const auto result = output_named(dir / "out", "accuracy_checking_result_");
    REQUIRE(!result.empty());
    const auto first = msprobe::testing::read_file_text(result);
    CHECK(first == msprobe::testing::read_file_text(golden / "accuracy_checking_result_20260101000000.csv"));
    // Continuing a finished run adds nothing.
    r = run_msprobe({"-f", "pytorch", "run_ut", "-api_info", (golden / "dump.json").string(), "-csv_path",
                     result.string()},
                    dir);
    REQUIRE(r.exit_code == 0);
    CHECK(msprobe::testing::read_file_text(result) == first);
    // A renamed result file is refused.
    const auto renamed = dir / "out" / "renamed.csv";
    fs::copy_file(result, renamed);
    r = run_msprobe({"-f", "pytorch", "run_ut", "-api_info", (golden / "dump.json").string(), "-csv_path",
                     renamed.string()},
                    dir);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("please do not modify the result csv name") != std::string::npos);
}
#endif

#ifdef MSPROBE_WITH_TORCH
TEST_CASE("multi_run_ut -n 2 splits the APIs over two processes and merges their rows", "[cli][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto golden = *fixtures / "reference_samples" / "run_ut_golden";
    const auto dir = msprobe::testing::scratch_dir("cli_multi_run_ut");
    const auto r = run_msprobe(
        {"-f", "pytorch", "multi_run_ut", "-api_info", (golden / "dump.json").string(), "-n", "2", "-o", "out"}, dir);
    REQUIRE(r.exit_code == 0);
    const auto result = output_named(dir / "out", "accuracy_checking_result_");
    REQUIRE(!result.empty());
    // Each worker seeds its own generator, so values differ from a single run; the rows are the same APIs.
    const auto split_names = [](const std::string& text) {
        std::vector<std::string> names;
        std::size_t pos = text.find("\r\n") + 2;
        while (pos < text.size()) {
            const auto end = text.find("\r\n", pos);
            names.push_back(text.substr(pos, text.find(',', pos) - pos));
            pos = end + 2;
        }
        std::sort(names.begin(), names.end());
        return names;
    };
    CHECK(split_names(msprobe::testing::read_file_text(result)) ==
          split_names(msprobe::testing::read_file_text(golden / "accuracy_checking_result_20260101000000.csv")));
}
#endif
