// August's -da on small dumps written here: what it does differently from
// April's (ignored keys, diff texts, verdict cells, md5's Err_message, the
// rank folders it takes) and that it writes nothing where it finds nothing.
#include <catch2/catch.hpp>

#include <cmath>

#include "common/error.hpp"
#include "common/thread_pool.hpp"
#include "first_diff/diff_analyze_job.hpp"
#include "support/file_text.hpp"
#include "support/json_document.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_dump.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using testing::SmallApi;

namespace {

// Tensor.to's output differs first, then linear's (both beyond 50 %).
const std::vector<SmallApi> kNpu = {{"Tensor.to.0.forward", {{1, 2}}, {{4, 8}}},
                                    {"Functional.relu.0.forward", {{1, 2}}, {{1, 2}}},
                                    {"Functional.linear.0.forward", {{1, 2}}, {{4, 8}}}};
const std::vector<SmallApi> kBench = {{"Tensor.to.0.forward", {{1, 2}}, {{1, 2}}},
                                      {"Functional.relu.0.forward", {{1, 2}}, {{0, 0}}},
                                      {"Functional.linear.0.forward", {{1, 2}}, {{1, 2}}}};

void write_steps(const fs::path& dir, const std::vector<SmallApi>& npu, const std::vector<SmallApi>& bench,
                 testing::SmallTask task = testing::SmallTask::Statistics) {
    testing::write_small_dump(dir / "npu" / "rank0", npu, task);
    testing::write_small_dump(dir / "bench" / "rank0", bench, task);
}

first_diff::DiffAnalyzeSummary august(const fs::path& dir, const fs::path& out) {
    ThreadPool pool(2);
    compare::CompareOptions options;
    options.output_dir = out;
    options.strict_compat = false;
    return first_diff::run_positional_diff_analyze(dir / "npu", dir / "bench", options, pool);
}

first_diff::DiffAnalyzeSummary april(const fs::path& dir, const fs::path& out) {
    compare::CompareOptions options;
    options.output_dir = out;
    ThreadPool pool(2);
    return first_diff::run_diff_analyze(compare::StepDirs{dir / "npu", dir / "bench"}, options, pool).front();
}

std::string first_node(const first_diff::DiffAnalyzeSummary& summary) {
    REQUIRE(summary.report);
    const auto report = testing::json_document(testing::read_file_text(*summary.report).c_str());
    return report["rank_0"][0]["op_name"].GetString();
}

// The op_items of `api` in the rank's result file.
const rapidjson::Value& items_of(const rapidjson::Document& result, const char* api) {
    REQUIRE(result.HasMember(api));
    return result[api]["op_items"];
}

}  // namespace

TEST_CASE("August -da: Tensor.to is no longer passed over, so it can be the first difference",
          "[first_diff][august_da]") {
    const fs::path dir = testing::scratch_dir("august_da_tensor_to");
    write_steps(dir, kNpu, kBench);
    CHECK(first_node(april(dir, dir / "april")) == "Functional.linear.0.forward");
    const auto summary = august(dir, dir / "august");
    CHECK(summary.found);
    CHECK(first_node(summary) == "Tensor.to.0.forward");
    REQUIRE(summary.ranks.size() == 1);
    CHECK(summary.ranks[0].name == "rank0");
}

TEST_CASE("August -da: diffs are August's texts and no row has a verdict", "[first_diff][august_da]") {
    const fs::path dir = testing::scratch_dir("august_da_cells");
    write_steps(dir, kNpu, kBench);
    const auto summary = august(dir, dir / "out");
    REQUIRE(summary.written.size() == 2);
    CHECK(summary.written[0].filename().string().starts_with("compare_result_rank0_"));
    const auto result = testing::json_document(testing::read_file_text(summary.written[0]).c_str());

    const auto& same_input = items_of(result, "Functional.relu.0.forward")[0];
    CHECK(std::string(same_input["Max diff"].GetString()) == "0");
    CHECK(std::string(same_input["MaxRelativeErr"].GetString()) == "0");
    CHECK(std::string(same_input["Result"].GetString()).empty());
    CHECK(std::string(same_input["Err_message"].GetString()).empty());

    // A bench statistic of 0 gives "inf", which never makes an API differ.
    const auto& zero_bench = items_of(result, "Functional.relu.0.forward")[1];
    CHECK(std::string(zero_bench["MaxRelativeErr"].GetString()) == "inf");
    CHECK(std::string(zero_bench["Max diff"].GetString()) == "2.0");
    CHECK(result["Functional.relu.0.forward"]["is_same"].GetBool());

    const auto& differing = items_of(result, "Functional.linear.0.forward")[1];
    CHECK(std::string(differing["MaxRelativeErr"].GetString()) == "300.0%");
    CHECK_FALSE(result["Functional.linear.0.forward"]["is_same"].GetBool());
}

TEST_CASE("August -da: md5 rows carry an unset Err_message after their verdict", "[first_diff][august_da]") {
    const fs::path dir = testing::scratch_dir("august_da_md5");
    write_steps(dir, kNpu, kBench, testing::SmallTask::Md5);
    const auto summary = august(dir, dir / "out");
    CHECK(first_node(summary) == "Tensor.to.0.forward");
    const auto result = testing::json_document(testing::read_file_text(summary.written.at(0)).c_str());
    const auto& input = items_of(result, "Tensor.to.0.forward")[0];
    const auto& output = items_of(result, "Tensor.to.0.forward")[1];
    CHECK(std::string(input["Result"].GetString()) == "pass");
    CHECK(std::string(output["Result"].GetString()) == "Different");
    REQUIRE(output["Err_message"].IsNumber());
    CHECK(std::isnan(output["Err_message"].GetDouble()));
    // The column sits right after Result.
    auto member = output.MemberBegin();
    while (std::string(member->name.GetString()) != "Result") ++member;
    CHECK(std::string((member + 1)->name.GetString()) == "Err_message");
}

TEST_CASE("August -da: a proc layout, or a step folder without rank folders, yields nothing",
          "[first_diff][august_da]") {
    const fs::path dir = testing::scratch_dir("august_da_proc");
    testing::write_small_dump(dir / "npu" / "proc123", kNpu);
    testing::write_small_dump(dir / "bench" / "proc123", kBench);
    const auto summary = august(dir, dir / "out");
    CHECK_FALSE(summary.found);
    CHECK(summary.written.empty());
    CHECK((!fs::exists(dir / "out") || fs::is_empty(dir / "out")));
}

TEST_CASE("August -da: other entries are passed over, a rank missing its dump on one side is skipped",
          "[first_diff][august_da]") {
    const fs::path dir = testing::scratch_dir("august_da_ranks");
    write_steps(dir, kNpu, kBench);
    testing::write_small_dump(dir / "npu" / "rank1", kNpu);
    fs::create_directories(dir / "bench" / "rank1");  // no dump.json: skipped
    fs::create_directories(dir / "npu" / "logs");
    testing::write_file(dir / "bench" / "notes.txt", "not a rank");
    const auto summary = august(dir, dir / "out");
    CHECK(summary.ranks.size() == 1);
    CHECK(summary.written.size() == 2);

    fs::create_directories(dir / "npu" / "rank2");  // now the counts differ
    try {
        august(dir, dir / "out2");
        FAIL("different rank counts must be refused");
    } catch (const Error& e) {
        CHECK(e.file() == (dir / "bench").string());
    }
    CHECK_FALSE(fs::exists(dir / "out2"));
}
