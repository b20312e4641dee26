// One unit of a -tp/-gp compare run by its kind on small dumps written here:
// a Pairs unit's files and its rows counted by Result, a DiffAnalyze unit's
// per-rank results and analysis, a NothingToDo unit writing nothing.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "common/thread_pool.hpp"
#include "compare_run/unit_run.hpp"
#include "support/directory_names.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_dump.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::compare;
using testing::SmallApi;

namespace {

const std::vector<SmallApi> kSame = {{"Functional.relu.0.forward", {{1, 2}}, {{1, 2}}}};
// The output's norm 29 % off after identical inputs: warning.
const std::vector<SmallApi> kNormWarning = {{"Functional.relu.0.forward", {{1, 2}}, {{1, 3}}}};
// The output's shape [3] against [2]: error.
const std::vector<SmallApi> kShapeError = {{"Functional.relu.0.forward", {{1, 2}}, {{1, 2, 3}}}};
// The output of linear four times the bench's: the first difference.
const std::vector<SmallApi> kLinear = {{"Functional.linear.0.forward", {{1, 2}}, {{4, 8}}}};
const std::vector<SmallApi> kLinearBench = {{"Functional.linear.0.forward", {{1, 2}}, {{1, 2}}}};

VerdictJobOptions csv_into(const fs::path& out) {
    VerdictJobOptions options;
    options.output_dir = out;
    return options;
}

}  // namespace

TEST_CASE("compare unit: Pairs, each pair into its file, rows counted by Result", "[compare_run][unit_run]") {
    const fs::path dir = testing::scratch_dir("unit_run_pairs");
    CompareUnit unit;
    unit.output_subdir = "step0";
    const std::vector<std::vector<SmallApi>> golden = {kSame, kNormWarning, kShapeError};
    for (std::size_t i = 0; i < golden.size(); ++i) {
        const std::string rank = "rank" + std::to_string(i);
        unit.pairs.push_back({testing::write_small_dump(dir / "npu" / rank, kSame),
                              testing::write_small_dump(dir / "bench" / rank, golden[i]), rank, false});
    }
    ThreadPool pool(2);
    const UnitResults results = run_compare_unit(unit, csv_into(dir / "out"), {}, pool);
    CHECK(results.rows == 6);
    CHECK(results.warnings == 1);
    CHECK(results.errors == 1);
    CHECK_FALSE(results.analysed_step);
    REQUIRE(results.written.size() == 3);
    std::vector<std::string> written;
    for (const auto& file : results.written) {
        CHECK(file.parent_path() == dir / "out" / "step0");
        written.push_back(file.filename().string());
    }
    CHECK(written == testing::names_in(dir / "out" / "step0"));
    CHECK(written[0].starts_with("compare_result_rank0_"));
    CHECK(written[2].starts_with("compare_result_rank2_"));
}

TEST_CASE("compare unit: DiffAnalyze, the ranks' results and the analysis", "[compare_run][unit_run]") {
    const fs::path dir = testing::scratch_dir("unit_run_da");
    testing::write_small_dump(dir / "npu" / "rank0", kLinear);
    testing::write_small_dump(dir / "bench" / "rank0", kLinearBench);
    CompareUnit unit;
    unit.kind = CompareUnit::Kind::DiffAnalyze;
    unit.target_dir = dir / "npu";
    unit.golden_dir = dir / "bench";
    unit.output_subdir = "step0";
    ThreadPool pool(2);
    const UnitResults results = run_compare_unit(unit, csv_into(dir / "out"), {}, pool);
    REQUIRE(results.analysed_step);
    CHECK(results.analysed_step->found);
    CHECK(results.written == results.analysed_step->written);
    REQUIRE(results.written.size() == 2);
    CHECK(results.written[0].filename().string().starts_with("compare_result_rank0_"));
    CHECK(results.written[1].filename().string().starts_with("diff_analyze_"));
    CHECK(testing::names_in(dir / "out" / "step0").size() == 2);
    CHECK(results.rows == 0);  // -da counts no Result
}

TEST_CASE("compare unit: NothingToDo writes nothing and counts nothing", "[compare_run][unit_run]") {
    const fs::path dir = testing::scratch_dir("unit_run_nothing");
    CompareUnit unit;
    unit.kind = CompareUnit::Kind::NothingToDo;
    unit.note = "nothing to compare here";
    ThreadPool pool(1);
    const UnitResults results = run_compare_unit(unit, csv_into(dir / "out"), {}, pool);
    CHECK(results.rows == 0);
    CHECK(results.warnings == 0);
    CHECK(results.errors == 0);
    CHECK(results.written.empty());
    CHECK_FALSE(results.analysed_step);
    CHECK_FALSE(fs::exists(dir / "out"));
}
