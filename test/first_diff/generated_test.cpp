// Generated multi-rank dumps (msprobe-dumpgen) with one planted divergence or
// planted Inf at one rank: the analyses must name exactly that entry.
#include <catch2/catch.hpp>

#include "compare/compare_options.hpp"
#include "first_diff/diff_analyze_job.hpp"
#include "first_diff/nan_analyze_job.hpp"
#include "support/dump_generator.hpp"
#include "support/file_text.hpp"
#include "support/planted_anomaly.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe;

namespace {

testing::GeneratedDumpPair generate(const fs::path& dir, int ranks) {
    testing::DumpPairOptions options;
    options.out = dir;
    options.apis = 80;
    options.ranks = ranks;
    options.seed = 7;
    options.differences = testing::NpuDifferences::none();
    return testing::generate_dump_pair(options);
}

std::string only_file(const fs::path& dir, const std::string& prefix) {
    std::vector<fs::path> found;
    for (const auto& e : fs::directory_iterator(dir)) {
        if (e.path().filename().string().rfind(prefix, 0) == 0) found.push_back(e.path());
    }
    REQUIRE(found.size() == 1);
    return testing::read_file_text(found[0]);
}

}  // namespace

TEST_CASE("compare -da finds a divergence planted at one rank of a generated 4-rank dump", "[first_diff][generated]") {
    const fs::path dir = testing::scratch_dir("first_diff_generated");
    const auto pair = generate(dir, 4);
    REQUIRE(pair.npu_rank_dirs.size() == 4);
    const fs::path npu_rank2 = pair.npu_rank_dirs[2] / "dump.json";
    const std::string planted = testing::nth_compute_forward(npu_rank2, 5);
    testing::plant_divergence(npu_rank2, planted, 3.0);

    compare::CompareOptions options;
    options.input_path = dir / "compare_dir_step0.json";
    options.output_dir = dir / "out";
    ThreadPool pool(2);
    const auto summary = first_diff::run_compare_diff_analyze(options, pool).at(0);
    CHECK(summary.found);
    CHECK(summary.written.size() == 5);
    const std::string report = only_file(dir / "out", "diff_analyze_");
    CHECK(report.rfind("{\n  \"rank_2\": [\n    {\n      \"op_name\": \"" + planted + "\"", 0) == 0);
    CHECK(report.find("rank_0") == std::string::npos);
    CHECK(report.find("rank_1") == std::string::npos);
    CHECK(report.find("rank_3") == std::string::npos);
    const std::string rank2 = only_file(dir / "out", "compare_result_rank2_");
    CHECK(rank2.find("\"" + planted + "\": {\n        \"is_same\": false") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("compare -da on generated identical ranks finds nothing", "[first_diff][generated]") {
    const fs::path dir = testing::scratch_dir("first_diff_generated_same");
    generate(dir, 2);
    compare::CompareOptions options;
    options.input_path = dir / "compare_dir_step0.json";
    options.output_dir = dir / "out";
    ThreadPool pool(1);
    const auto summary = first_diff::run_compare_diff_analyze(options, pool).at(0);
    CHECK_FALSE(summary.found);
    CHECK(summary.written.size() == 2);  // the per-rank results only
    fs::remove_all(dir);
}

TEST_CASE("nan_analyze finds an Inf planted at one rank of a generated 2-rank dump",
          "[first_diff][nan_analyze][generated]") {
    const fs::path dir = testing::scratch_dir("nan_generated");
    const auto pair = generate(dir, 2);
    const fs::path npu_rank1 = pair.npu_rank_dirs[1] / "dump.json";
    const std::string planted = testing::nth_compute_forward(npu_rank1, 7);
    testing::plant_inf(npu_rank1, planted);

    first_diff::NanAnalyzeOptions options;
    options.input_dir = dir / "npu/step0";
    options.output_dir = dir / "out";
    const auto summary = first_diff::run_nan_analyze(options);
    REQUIRE(summary.written);
    const std::string report = testing::read_file_text(*summary.written);
    CHECK(report.rfind("{\n  \"rank_1\": [\n    {\n      \"op_name\": \"" + planted + "\"", 0) == 0);
    CHECK(report.find("rank_0") == std::string::npos);
    CHECK(report.find("\"construct_info\"") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("an Inf planted into a dump that already holds Infinity keeps the dump's own values",
          "[first_diff][generated]") {
    const fs::path dir = testing::scratch_dir("nan_generated_with_inf");
    testing::DumpPairOptions options;
    options.out = dir;
    options.apis = 12;
    options.seed = 7;  // default differences: one npu output holds +inf, written as Python's bare Infinity
    const auto pair = testing::generate_dump_pair(options);
    const fs::path npu = pair.npu_rank_dirs[0] / "dump.json";
    const std::string before = testing::read_file_text(npu);
    REQUIRE(before.find(": Infinity") != std::string::npos);

    const std::string planted = testing::nth_compute_forward(npu, 2);
    REQUIRE(planted != pair.sites.inf_statistic);
    testing::plant_inf(npu, planted);
    const std::string after = testing::read_file_text(npu);
    CHECK(after.find("@msprobe-non-finite@") == std::string::npos);
    CHECK(after.find("\"Max\": Infinity") != std::string::npos);  // the generator's inf statistic, still a number
    CHECK(after.find("\"Max\": \"inf\"") != std::string::npos);   // the planted one, as msprobe writes it
    fs::remove_all(dir);
}
