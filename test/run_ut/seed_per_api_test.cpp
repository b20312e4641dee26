// --seed_per_api: with the generator re-seeded before each API, an API's
// rebuilt inputs (and so its detail row) no longer depend on which APIs ran
// before it; without it they do, as in msprobe.
#include <catch2/catch.hpp>

#include "result_rows.hpp"
#include "run_ut/run_ut_job.hpp"
#include "support/dump_generator.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;

namespace {

std::map<std::string, precision::CsvRow> details(const std::filesystem::path& dump, const std::filesystem::path& out,
                                                 std::size_t first, bool seed_per_api) {
    run_ut::RunUtOptions options;
    options.api_info = dump;
    options.out_dir = out;
    options.first_api = first;
    options.seed_per_api = seed_per_api;
    return testing::csv_rows_by_name(run_ut::run_ut(options).details_csv);
}

}  // namespace

TEST_CASE("run_ut with seed_per_api makes each API's inputs independent of the APIs before it", "[run_ut]") {
    const auto dir = testing::scratch_dir("run_ut_seed_per_api");
    testing::DumpPairOptions options;
    options.out = dir / "dump";
    options.apis = 30;
    options.differences = testing::NpuDifferences::none();
    const auto dump = testing::generate_dump_pair(options).npu_rank_dirs.at(0) / "dump.json";

    const auto whole = details(dump, dir / "whole", 0, true);
    const auto tail = details(dump, dir / "tail", 3, true);
    REQUIRE(tail.size() > 5);
    for (const auto& [name, row] : tail) {
        INFO(name);
        CHECK(whole.at(name) == row);
    }
    // msprobe's single stream: starting later changes the inputs of the APIs that follow.
    const auto whole_stream = details(dump, dir / "whole_stream", 0, false);
    const auto tail_stream = details(dump, dir / "tail_stream", 3, false);
    std::size_t differing = 0;
    for (const auto& [name, row] : tail_stream) differing += whole_stream.at(name) != row;
    CHECK(differing > 0);
}
