// compare -da's job on small dumps written here: which compare.json flavours
// it takes, how ranks are paired and named, and the inputs it refuses before
// any file is in place.
#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "common/thread_pool.hpp"
#include "first_diff/diff_analyze_job.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_dump.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using testing::SmallApi;

namespace {

const std::vector<SmallApi> kDump = {{"Torch.add.0.forward", {{1, 2}}, {{2, 4}}},
                                     {"Distributed.all_reduce.0.forward", {{2, 4}}, {{4, 8}}}};

first_diff::DiffAnalyzeSummary analyse(const fs::path& dir, const std::string& npu, const std::string& bench) {
    testing::write_file(dir / "compare.json", "{\"npu_path\": \"" + (dir / npu).string() + "\", \"bench_path\": \"" +
                                                  (dir / bench).string() + "\", \"is_print_compare_log\": true}");
    compare::CompareOptions options;
    options.input_path = dir / "compare.json";
    options.output_dir = dir / "out";
    ThreadPool pool(2);
    return first_diff::run_compare_diff_analyze(options, pool).at(0);
}

std::vector<std::string> names_of(const std::vector<fs::path>& paths) {
    std::vector<std::string> names;
    for (const auto& p : paths) names.push_back(p.filename().string());
    return names;
}

bool empty_or_missing(const fs::path& dir) { return !fs::exists(dir) || fs::is_empty(dir); }

}  // namespace

TEST_CASE("step directories: one result per rank dumped on both sides, nothing found on equal dumps",
          "[first_diff][diff_analyze_job]") {
    const fs::path dir = testing::scratch_dir("diff_analyze_job_steps");
    for (const char* rank : {"rank0", "rank1"}) {
        testing::write_small_dump(dir / "npu" / rank, kDump);
        testing::write_small_dump(dir / "bench" / rank, kDump);
    }
    fs::create_directories(dir / "npu" / "rank2");  // dumped on neither side: skipped
    fs::create_directories(dir / "bench" / "rank2");
    const auto summary = analyse(dir, "npu", "bench");
    CHECK_FALSE(summary.found);
    const auto names = names_of(summary.written);
    REQUIRE(names.size() == 2);
    CHECK(names[0].starts_with("compare_result_rank0_"));
    CHECK(names[1].starts_with("compare_result_rank1_"));
    CHECK(names[1].ends_with(".json"));
}

TEST_CASE("step directories: a rank with one dump.json, or no rank at all, is refused before writing",
          "[first_diff][diff_analyze_job]") {
    const fs::path dir = testing::scratch_dir("diff_analyze_job_refusals");
    testing::write_small_dump(dir / "npu" / "rank0", kDump);
    fs::create_directories(dir / "bench" / "rank0");
    try {
        analyse(dir, "npu", "bench");
        FAIL("a rank without its bench dump.json must be refused");
    } catch (const Error& e) {
        CHECK(e.file() == (dir / "bench" / "rank0" / "dump.json").string());
        CHECK(e.reason() == "no such file (every rank needs a dump.json)");
    }
    CHECK(empty_or_missing(dir / "out"));

    fs::create_directories(dir / "empty_npu");
    fs::create_directories(dir / "empty_bench");
    CHECK_THROWS_WITH(analyse(dir, "empty_npu", "empty_bench"), Catch::Contains("holds no rank directory"));
    CHECK(empty_or_missing(dir / "out"));
}

TEST_CASE("two dump files are analysed as one rank, named after their folder when it is a rank folder",
          "[first_diff][diff_analyze_job]") {
    const fs::path dir = testing::scratch_dir("diff_analyze_job_files");
    testing::write_small_dump(dir / "npu" / "rank3", kDump);
    testing::write_small_dump(dir / "bench" / "rank3", kDump);
    const auto ranked = analyse(dir, "npu/rank3/dump.json", "bench/rank3/dump.json");
    REQUIRE(ranked.written.size() == 1);
    CHECK(ranked.written[0].filename().string().starts_with("compare_result_rank3_"));

    testing::write_small_dump(dir / "npu_side", kDump);
    testing::write_small_dump(dir / "bench_side", kDump);
    fs::remove_all(dir / "out");
    const auto plain = analyse(dir, "npu_side/dump.json", "bench_side/dump.json");
    REQUIRE(plain.written.size() == 1);
    CHECK(plain.written[0].filename().string().starts_with("compare_result_rank_"));
}

TEST_CASE("other compare.json flavours are refused by name", "[first_diff][diff_analyze_job]") {
    const fs::path dir = testing::scratch_dir("diff_analyze_job_flavours");
    testing::write_file(dir / "npu.pkl", "");
    testing::write_file(dir / "bench.pkl", "");
    testing::write_file(dir / "compare.json", "{\"npu_pkl_path\": \"" + (dir / "npu.pkl").string() +
                                                  "\", \"bench_pkl_path\": \"" + (dir / "bench.pkl").string() +
                                                  "\", \"npu_dump_data_dir\": \"" + dir.string() +
                                                  "\", \"bench_dump_data_dir\": \"" + dir.string() + "\"}");
    compare::CompareOptions options;
    options.input_path = dir / "compare.json";
    options.output_dir = dir / "out";
    ThreadPool pool(1);
    CHECK_THROWS_WITH(first_diff::run_compare_diff_analyze(options, pool),
                      Catch::Contains("a ptdbg .pkl compare.json is not usable here"));
    CHECK(empty_or_missing(dir / "out"));
}
