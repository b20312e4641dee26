// August's `compare -tp NPU_STEP -gp BENCH_STEP -da` against msprobe's own runs
// (expected_august/*/compare_dir_*.diff_analyze): the per-rank results and
// diff_analyze.json compared as parsed JSON, numbers to 1e-6 relative.
#include <catch2/catch.hpp>

#include <sstream>

#include "common/thread_pool.hpp"
#include "first_diff/diff_analyze_job.hpp"
#include "support/analysis_outputs.hpp"
#include "support/file_text.hpp"
#include "support/august_outputs.hpp"
#include "support/json_match.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe;

namespace {

struct StepPair {
    std::string target, golden;
};

// `-tp X -gp Y` of the command on line 1 of a run's msprobe.log.
StepPair read_step_pair(const fs::path& run) {
    std::istringstream log(testing::read_file_text(run / "msprobe.log"));
    std::string line;
    std::getline(log, line);
    std::istringstream words(line);
    StepPair pair;
    for (std::string w; words >> w;) {
        if (w == "-tp") words >> pair.target;
        if (w == "-gp") words >> pair.golden;
    }
    return pair;
}

// The synthetic proc layout the README describes: <side>/step0/proc12345 = a copy of <side>/step0/rank.
fs::path proc_layout_copy(const fs::path& dumps) {
    const fs::path root = testing::scratch_dir("august_da_proc_layout");
    for (const char* side : {"npu", "bench"}) {
        const fs::path proc = root / side / "step0" / "proc12345";
        fs::create_directories(proc);
        fs::copy(dumps / side / "step0" / "rank", proc, fs::copy_options::recursive);
    }
    return root;
}

// The run's expected files by name, pointers resolved.
std::map<std::string, fs::path> expected_outputs(const fs::path& run) {
    std::map<std::string, fs::path> out;
    for (const auto& entry : fs::directory_iterator(run)) {
        const std::string name = testing::stored_output_name(entry.path());
        if (!name.ends_with(".json")) continue;
        out[name] = testing::stored_output(run / name);
    }
    return out;
}

}  // namespace

TEST_CASE("August -da reproduces msprobe's per-rank results and analysis", "[first_diff][fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    ThreadPool pool(2);
    std::size_t runs = 0;
    for (const auto& case_entry : fs::directory_iterator(*fixtures / "expected_august")) {
        const fs::path dumps = *fixtures / "dumps" / case_entry.path().filename();
        if (!fs::is_directory(dumps)) continue;
        for (const auto& run_entry : fs::directory_iterator(case_entry.path())) {
            const std::string variant = run_entry.path().filename().string();
            if (!variant.starts_with("compare_dir_") || !variant.ends_with(".diff_analyze")) continue;
            ++runs;
            DYNAMIC_SECTION(case_entry.path().filename().string() << "/" << variant) {
                const fs::path cwd = variant.starts_with("compare_dir_proc") ? proc_layout_copy(dumps) : dumps;
                const StepPair steps = read_step_pair(run_entry.path());
                const fs::path out = testing::scratch_dir("august_da");
                compare::CompareOptions options;
                options.output_dir = out;
                options.strict_compat = true;
                const auto summary =
                    first_diff::run_positional_diff_analyze(cwd / steps.target, cwd / steps.golden, options, pool);
                const auto expected = expected_outputs(run_entry.path());
                CHECK(summary.found == (expected.count("diff_analyze.json") == 1));
                std::map<std::string, fs::path> ours;
                if (fs::exists(out)) ours = testing::outputs_by_stem(out);
                CHECK(ours.size() == expected.size());
                for (const auto& [name, file] : expected) {
                    INFO(name);
                    const auto it = ours.find(name);
                    REQUIRE(it != ours.end());
                    CHECK(testing::json_file_differences(it->second, file) == std::vector<std::string>{});
                }
            }
        }
    }
    CHECK(runs == 12);
}
