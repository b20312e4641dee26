// Two runs into one folder within the same second never overwrite each
// other's files: compare's results (August's spelling included) take a
// numbered name, run_ut's file pair the next free second. The second is made
// "taken" by writing its names first, for the seconds the run may start in.
#include <catch2/catch.hpp>

#include <ctime>
#include <filesystem>
#include <string>
#include <vector>

#include "common/timestamps.hpp"
#include "msprobe_process.hpp"
#include "support/dump_generator.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::testing::read_file_text;
using msprobe::testing::run_msprobe;
using msprobe::testing::write_text;

namespace {

// The timestamps of the next `seconds` seconds from now.
std::vector<std::string> coming_timestamps(int seconds) {
    std::vector<std::string> stamps{msprobe::local_timestamp()};
    for (int i = 1; i < seconds; ++i) stamps.push_back(msprobe::next_local_timestamp(stamps.back()));
    return stamps;
}

fs::path one_rank_pair(const std::string& name) {
    const fs::path dir = msprobe::testing::scratch_dir(name);
    msprobe::testing::DumpPairOptions options;
    options.out = dir;
    options.apis = 30;
    msprobe::testing::generate_dump_pair(options);
    return dir;
}

}  // namespace

TEST_CASE("same-second compare (August): the earlier run's result is kept, ours is numbered", "[cli][output]") {
    const fs::path dir = one_rank_pair("cli_same_second_august");
    const auto stamps = coming_timestamps(30);
    for (const auto& ts : stamps) write_text(dir / "out" / ("compare_result_" + ts + ".csv"), "earlier run " + ts);
    const auto r = run_msprobe({"compare", "-tp", "npu/step0/rank/dump.json", "-gp", "bench/step0/rank/dump.json",
                                "-o", "out"},
                               dir);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    std::size_t numbered = 0;
    for (const auto& ts : stamps) {
        CHECK(read_file_text(dir / "out" / ("compare_result_" + ts + ".csv")) == "earlier run " + ts);
        if (fs::exists(dir / "out" / ("compare_result_" + ts + "_1.csv"))) {
            ++numbered;
            CHECK(r.out.find("compare_result_" + ts + "_1.csv") != std::string::npos);  // the log names it
        }
    }
    CHECK(numbered == 1);
    CHECK((r.out + r.err).find("will be deleted") == std::string::npos);

    // --strict_compat: msprobe replaces the namesake and says so.
    const auto strict = run_msprobe({"compare", "-tp", "npu/step0/rank/dump.json", "-gp", "bench/step0/rank/dump.json",
                                     "-o", "out", "--strict_compat"},
                                    dir);
    REQUIRE(strict.exit_code == 0);
    CHECK((strict.out + strict.err).find("will be deleted") != std::string::npos);
}

#ifdef MSPROBE_WITH_TORCH
TEST_CASE("same-second run_ut: the earlier run's files are untouched, ours take the next free second",
          "[cli][output]") {
    const auto dir = msprobe::testing::scratch_dir("cli_same_second_run_ut");
    write_text(dir / "dump.json",
               R"({"task": "statistics", "level": "L1", "dump_data_dir": null, "data": {)"
               R"("Torch.add.0.forward": {"input_args": [{"type": "torch.Tensor", "dtype": )"
               R"("torch.float32", "shape": [2], "Max": 1.0, "Min": -1.0, "Mean": 0.0, "Norm": 1.0, )"
               R"("requires_grad": false}, {"type": "int", "value": 1}], "input_kwargs": {}, )"
               R"("output": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2], )"
               R"("Max": 2.0, "Min": 0.0, "Mean": 1.0, "Norm": 1.0, "requires_grad": false}]}}})");
    const auto stamps = coming_timestamps(30);
    for (const auto& ts : stamps)
        write_text(dir / "out" / ("accuracy_checking_result_" + ts + ".csv"), "earlier " + ts);
    const auto r =
        run_msprobe({"-f", "pytorch", "run_ut", "-api_info", (dir / "dump.json").string(), "-o", "out"}, dir);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    for (const auto& ts : stamps) {
        CHECK(read_file_text(dir / "out" / ("accuracy_checking_result_" + ts + ".csv")) == "earlier " + ts);
        CHECK_FALSE(fs::exists(dir / "out" / ("accuracy_checking_details_" + ts + ".csv")));
    }
    const std::string next = msprobe::next_local_timestamp(stamps.back());
    CHECK(read_file_text(dir / "out" / ("accuracy_checking_result_" + next + ".csv")).find("Torch.add.0") !=
          std::string::npos);
    CHECK(fs::exists(dir / "out" / ("accuracy_checking_details_" + next + ".csv")));
}
#endif
