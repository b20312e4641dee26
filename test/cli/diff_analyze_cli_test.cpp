// diff_analyze as a user runs it: the files of compare -da, byte for byte,
// from every spelling of its inputs (-tp/-gp step directories or dump roots,
// -i compare.json), the screen
// naming each rank's first differing API, --fail-on diff's exit codes, and
// msprobe's -da outputs on every fixture case that has one.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "msprobe_process.hpp"
#include "support/analysis_outputs.hpp"
#include "support/dump_generator.hpp"
#include "support/planted_anomaly.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::testing::ProcessResult;
using msprobe::testing::require_same_files;
using msprobe::testing::require_same_outputs;
using msprobe::testing::run_msprobe;

namespace {

// A generated 4-rank dump pair in `dir`; with `plant`, rank 2's sixth compute forward diverges.
// Returns the planted entry ("" without).
std::string generate(const fs::path& dir, bool plant) {
    msprobe::testing::DumpPairOptions options;
    options.out = dir;
    options.apis = 80;
    options.ranks = 4;
    options.seed = 7;
    options.differences = msprobe::testing::NpuDifferences::none();
    const auto pair = msprobe::testing::generate_dump_pair(options);
    if (!plant) return {};
    const fs::path npu_rank2 = pair.npu_rank_dirs[2] / "dump.json";
    const std::string planted = msprobe::testing::nth_compute_forward(npu_rank2, 5);
    msprobe::testing::plant_divergence(npu_rank2, planted, 3.0);
    return planted;
}

std::vector<std::string> names_in(const fs::path& dir) {
    std::vector<std::string> names;
    if (!fs::exists(dir)) return names;
    for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

}  // namespace

TEST_CASE("diff_analyze writes what compare -da writes, from -tp/-gp and from -i", "[cli][first_diff]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_diff_analyze_same");
    const std::string planted = generate(dir, true);
    const auto da =
        run_msprobe({"-f", "pytorch", "compare", "-i", "compare_dir_step0.json", "-o", "by_compare", "-da"}, dir);
    REQUIRE(da.exit_code == 0);
    REQUIRE(names_in(dir / "by_compare").size() == 5);  // four ranks and the analysis

    const auto by_paths =
        run_msprobe({"diff_analyze", "-tp", "npu/step0", "-gp", "bench/step0", "-o", "by_paths"}, dir);
    const auto by_json =
        run_msprobe({"-f", "pytorch", "diff_analyze", "-i", "compare_dir_step0.json", "-o=by_json"}, dir);
    const auto by_prefix =
        run_msprobe({"diff_analyze", "--target", "npu/step0", "--golden", "bench/step0", "--output", "by_prefix"}, dir);
    for (const auto* r : {&by_paths, &by_json, &by_prefix}) {
        INFO(r->err);
        CHECK(r->exit_code == 0);
    }
    for (const char* out : {"by_paths", "by_json", "by_prefix"}) {
        INFO(out);
        require_same_outputs(dir / "by_compare", dir / out);
    }

    // The screen: every rank, the planted entry with the model's line that called it.
    const std::string& screen = by_paths.out;
    INFO(screen);
    CHECK(screen.find("Analysed 4 rank(s): 1 with a difference, 3 without.\n") != std::string::npos);
    CHECK(screen.find("  rank0: no difference\n  rank1: no difference\n  rank2: " + planted + "\n") !=
          std::string::npos);
    CHECK(screen.find("  rank3: no difference\nFirst difference: " + planted + " (rank2)\n  at File ") !=
          std::string::npos);
    CHECK(screen.find("\nWritten:\n  by_paths/compare_result_rank0_") != std::string::npos);
    CHECK(screen.find("  by_paths/diff_analyze_") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("diff_analyze on two dump roots analyses every step into its own folder", "[cli][first_diff]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_diff_analyze_roots");
    generate(dir, false);
    for (const char* side : {"npu", "bench"})
        fs::copy(dir / side / "step0", dir / side / "step1", fs::copy_options::recursive);
    const fs::path npu_rank2 = dir / "npu/step1/rank2/dump.json";
    const std::string planted = msprobe::testing::nth_compute_forward(npu_rank2, 5);
    msprobe::testing::plant_divergence(npu_rank2, planted, 3.0);

    const auto r = run_msprobe({"diff_analyze", "-tp", "npu", "-gp", "bench", "-o", "out", "--fail-on", "diff"}, dir);
    INFO(r.err);
    CHECK(r.exit_code == 1);
    CHECK(r.out.find(
              "Analysed 8 rank(s) in 2 step(s): 1 with a difference, 7 without.\n  step0/rank0: no difference\n") !=
          std::string::npos);
    CHECK(r.out.find("  step1/rank1: no difference\n  step1/rank2: " + planted + "\n") != std::string::npos);
    // Each step as compare -da gives it.
    msprobe::testing::write_text(dir / "compare_dir_step1.json",
                                 R"({"npu_path": "npu/step1", "bench_path": "bench/step1"})");
    for (const std::string step : {"step0", "step1"}) {
        const auto da = run_msprobe(
            {"-f", "pytorch", "compare", "-i", "compare_dir_" + step + ".json", "-o", "by_compare_" + step, "-da"},
            dir);
        REQUIRE(da.exit_code == 0);
    }
    require_same_outputs(dir / "by_compare_step0", dir / "out/step0");
    require_same_outputs(dir / "by_compare_step1", dir / "out/step1");
    CHECK(names_in(dir / "out") == std::vector<std::string>{"step0", "step1"});
    fs::remove_all(dir);
}

TEST_CASE("diff_analyze --fail-on diff: 1 with a difference, 0 without, 2 on bad input", "[cli][first_diff]") {
    const std::vector<std::string> args = {"diff_analyze", "-tp", "npu/step0", "-gp", "bench/step0", "-o", "out",
                                           "--fail-on", "diff"};
    SECTION("a planted difference") {
        const fs::path dir = msprobe::testing::scratch_dir("cli_diff_analyze_fail");
        generate(dir, true);
        const ProcessResult r = run_msprobe(args, dir);
        CHECK(r.exit_code == 1);
        CHECK(r.err == "msprobe diff_analyze: --fail-on diff: a rank differs from the bench\n");
        CHECK(names_in(dir / "out").size() == 5);  // every file is written before the verdict
        fs::remove_all(dir);
    }
    SECTION("identical dumps") {
        const fs::path dir = msprobe::testing::scratch_dir("cli_diff_analyze_pass");
        generate(dir, false);
        const ProcessResult r = run_msprobe(args, dir);
        INFO(r.err);
        CHECK(r.exit_code == 0);
        CHECK(r.out.find("Analysed 4 rank(s): 0 with a difference, 4 without.\n  rank0: no difference\n") !=
              std::string::npos);
        CHECK(names_in(dir / "out").size() == 4);  // the per-rank results, no analysis file
        fs::remove_all(dir);
    }
    SECTION("a missing path") {
        const fs::path dir = msprobe::testing::scratch_dir("cli_diff_analyze_missing");
        generate(dir, true);
        fs::remove_all(dir / "bench/step0");
        const ProcessResult r = run_msprobe(args, dir);
        CHECK(r.exit_code == 2);
        CHECK(r.err == "msprobe diff_analyze: error: bench/step0: no such file or directory\n");
        CHECK_FALSE(fs::exists(dir / "out"));
        fs::remove_all(dir);
    }
}

TEST_CASE("diff_analyze refuses a mix of input spellings and lists its flags", "[cli][first_diff]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_diff_analyze_usage");
    generate(dir, false);
    const auto both = run_msprobe({"diff_analyze", "-i", "compare_dir_step0.json", "-tp", "npu/step0", "-gp",
                                   "bench/step0"}, dir);
    const auto half = run_msprobe({"diff_analyze", "-tp", "npu/step0"}, dir);
    const auto none = run_msprobe({"diff_analyze"}, dir);
    const auto kinds = run_msprobe({"diff_analyze", "-tp", "npu/step0", "-gp", "bench/step0/rank0/dump.json"}, dir);
    for (const auto* r : {&both, &half, &none, &kinds}) {
        INFO(r->err);
        CHECK(r->exit_code == 2);
        CHECK(std::count(r->err.begin(), r->err.end(), '\n') == 1);
    }
    CHECK(half.err.find("-tp/--target_path needs -gp/--golden_path") != std::string::npos);
    CHECK(kinds.err.find("is a file while npu/step0 is a directory") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "output"));

    const auto help = run_msprobe({"diff_analyze", "--help"}, dir);
    CHECK(help.exit_code == 0);
    for (const char* flag : {"--target_path", "--golden_path", "--input_path", "--output_path", "--fail-on"}) {
        CHECK(help.out.find(flag) != std::string::npos);
    }
    CHECK(run_msprobe({"--help"}, dir).out.find("diff_analyze") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("diff_analyze reproduces msprobe's -da outputs on the fixture cases", "[cli][first_diff][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path scratch = msprobe::testing::scratch_dir("cli_diff_analyze_fixtures");
    // msprobe's outputs, and the dump folder with the compare.json and the step they were made from.
    struct Case {
        fs::path expected;
        fs::path dumps;
        std::string compare_json;
        std::string step;
    };
    std::vector<Case> cases;
    for (const auto& entry : fs::directory_iterator(*fixtures / "expected")) {
        for (const std::string step : {"step0", "step1"}) {
            const fs::path expected = entry.path() / ("compare_dir_" + step + ".diff_analyze");
            if (fs::is_directory(expected)) {
                cases.push_back({expected, *fixtures / "dumps" / entry.path().filename(),
                                 "compare_dir_" + step + ".json", step});
            }
        }
    }
    for (const auto& entry : fs::directory_iterator(*fixtures / "reference_samples/first_diff")) {
        if (fs::is_directory(entry.path() / "npu"))
            cases.push_back({entry.path() / "expected", entry.path(), "compare.json", "step0"});
    }
    REQUIRE(cases.size() >= 16);
    for (const auto& c : cases) {
        const std::string name = c.dumps.filename().string() + "_" + c.step;
        SECTION(name) {
            // Run from the scratch folder: nothing is ever written beside the fixtures.
            const auto r1 = run_msprobe({"diff_analyze", "-tp", (c.dumps / "npu" / c.step).string(), "-gp",
                                         (c.dumps / "bench" / c.step).string(), "-o", "by_paths"},
                                        scratch);
            const auto r2 = run_msprobe(
                {"-f", "pytorch", "diff_analyze", "-i", (c.dumps / c.compare_json).string(), "-o", "by_json"}, scratch);
            const auto r3 = run_msprobe({"diff_analyze", "-tp", (c.dumps / "npu").string(), "-gp",
                                         (c.dumps / "bench").string(), "-o", "by_root"},
                                        scratch);
            INFO(r1.err << r2.err << r3.err);
            REQUIRE(r1.exit_code == 0);
            REQUIRE(r2.exit_code == 0);
            REQUIRE(r3.exit_code == 0);
            require_same_files(c.expected, scratch / "by_paths");
            require_same_files(c.expected, scratch / "by_json");
            require_same_files(c.expected, scratch / "by_root" / c.step);
            for (const char* out : {"by_paths", "by_json", "by_root"}) fs::remove_all(scratch / out);
        }
    }
    fs::remove_all(scratch);
}
