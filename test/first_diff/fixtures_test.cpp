// compare -da and nan_analyze against msprobe's own outputs: the synthetic
// multi-rank scenarios of the diff_analyze spec (reference_samples/first_diff,
// nan_analyze) and the real dumps of fixtures/expected/*/compare_dir_step0.diff_analyze.
// Files are compared as text (timestamps aside, names carry them).
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <map>
#include <string>

#include "compare/compare_options.hpp"
#include "first_diff/diff_analyze_job.hpp"
#include "first_diff/nan_analyze_job.hpp"
#include "support/analysis_outputs.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using msprobe::testing::outputs_by_stem;
using msprobe::testing::read_file_text;
using msprobe::testing::require_same_files;

namespace {

first_diff::DiffAnalyzeSummary run_da(const fs::path& compare_json, const fs::path& out) {
    compare::CompareOptions options;
    options.input_path = compare_json;
    options.output_dir = out;
    ThreadPool pool(2);
    return first_diff::run_compare_diff_analyze(options, pool).at(0);
}

}  // namespace

TEST_CASE("compare -da reproduces msprobe on the synthetic 4-rank scenarios", "[first_diff][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path base = *fixtures / "reference_samples/first_diff";
    // scenario -> the first-divergent node(s) the README documents
    const std::map<std::string, std::string> scenarios = {
        {"pre_comm", "rank_2 Torch.add.0.forward"},
        {"in_comm", "rank_1 Torch.mul.0.forward"},
        {"in_comm_md5", "rank_1 Torch.mul.0.forward"},
        {"comm_output", "rank_2 Distributed.send.0.forward"},
        {"after_comm", "rank_2 Torch.sum.0.forward"},
        {"no_diff", ""},
    };
    for (const auto& [scenario, first] : scenarios) {
        SECTION(scenario) {
            const fs::path out = msprobe::testing::scratch_dir("first_diff_" + scenario);
            const auto summary = run_da(base / scenario / "compare.json", out);
            CHECK(summary.found == !first.empty());
            require_same_files(base / scenario / "expected", out);
            if (!first.empty()) {
                const std::string report = read_file_text(outputs_by_stem(out).at("diff_analyze.json"));
                const auto space = first.find(' ');
                CHECK(report.find(fmt::format("\"{}\"", first.substr(0, space))) != std::string::npos);
                CHECK(report.find(fmt::format("\"op_name\": \"{}\"", first.substr(space + 1))) != std::string::npos);
            }
            fs::remove_all(out);
        }
    }
}

TEST_CASE("compare -da reproduces msprobe on the real dumps", "[first_diff][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    for (const auto& entry : fs::directory_iterator(*fixtures / "expected")) {
        const fs::path expected = entry.path() / "compare_dir_step0.diff_analyze";
        if (!fs::is_directory(expected)) continue;
        const std::string name = entry.path().filename().string();
        SECTION(name) {
            const fs::path out = msprobe::testing::scratch_dir("first_diff_real_" + name);
            run_da(*fixtures / "dumps" / name / "compare_dir_step0.json", out);
            require_same_files(expected, out);
            fs::remove_all(out);
        }
    }
}

TEST_CASE("compare -da on the shared 2-rank dump gives the documented rank_1 Functional.linear.1.forward",
          "[first_diff][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path base = *fixtures / "reference_samples/first_diff/dist_statistics_L1_2ranks";
    const fs::path out = msprobe::testing::scratch_dir("first_diff_dist");
    run_da(base / "compare.json", out);
    require_same_files(base / "expected", out);
    const std::string report = read_file_text(outputs_by_stem(out).at("diff_analyze.json"));
    CHECK(report.find("\"rank_1\"") != std::string::npos);
    CHECK(report.find("\"op_name\": \"Functional.linear.1.forward\"") != std::string::npos);
    fs::remove_all(out);
}

TEST_CASE("nan_analyze reproduces msprobe on its four scenarios", "[first_diff][nan_analyze][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path base = *fixtures / "reference_samples/nan_analyze";
    const std::map<std::string, std::vector<std::string>> scenarios = {
        {"normal", {}},
        {"pre_anomaly", {"rank_0", "Torch.operator.0.forward"}},
        {"anomaly", {"rank_0", "Torch.operator.5.forward"}},
        {"after_anomaly", {"rank_2", "rank_3", "Torch.operator.6.forward"}},
    };
    for (const auto& [scenario, names] : scenarios) {
        SECTION(scenario) {
            const fs::path out = msprobe::testing::scratch_dir("nan_analyze_" + scenario) / "out";
            first_diff::NanAnalyzeOptions options;
            options.input_dir = base / scenario / "step0";
            options.output_dir = out;
            const auto summary = first_diff::run_nan_analyze(options);
            if (names.empty()) {
                CHECK_FALSE(summary.written);
                CHECK_FALSE(fs::exists(out));
            } else {
                REQUIRE(summary.written);
                const std::string text = read_file_text(*summary.written);
                CHECK(text == read_file_text(base / scenario / "expected/anomaly_analyze.json"));
                for (const auto& n : names) CHECK(text.find(n) != std::string::npos);
            }
            fs::remove_all(out.parent_path());
        }
    }
}

TEST_CASE("compare -da on two dump files analyses the pair as one rank", "[first_diff][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    // msprobe ignores -da for files; the pair in rank/ gives what the step-directory run gives.
    const std::string name = "mlp_statistics_L1_bf16";
    const fs::path out = msprobe::testing::scratch_dir("first_diff_files");
    const auto summary = run_da(*fixtures / "dumps" / name / "compare.json", out);
    CHECK(summary.found);
    require_same_files(*fixtures / "expected" / name / "compare_dir_step0.diff_analyze", out);
    fs::remove_all(out);
}
