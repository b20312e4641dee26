// The other ranks of a step, found beside a rank's dump.json and read when a
// collective asks for their half of a call.
// libtorch's headers (through rank_dumps.hpp) define a CHECK macro of their own: Catch2's comes after.
#include "run_ut/dump_records.hpp"
#include "run_ut/rank_dumps.hpp"

#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::run_ut;

namespace {

std::string all_reduce_dump(int value) {
    return R"({"task": "statistics", "level": "L1", "dump_data_dir": null, "data": {
        "Distributed.all_reduce.0.forward": {"input_args": [{"type": "int", "value": )" +
           std::to_string(value) + R"(}], "input_kwargs": {}}}})";
}

// step/rank0, rank1 and rank10 with a dump.json each, rank3 without, and a folder that is no rank.
fs::path step_dir(const std::string& name) {
    const fs::path step = testing::scratch_dir("rank_dumps_" + name);
    for (const int rank : {0, 1, 10}) {
        fs::create_directories(step / ("rank" + std::to_string(rank)));
        testing::write_file(step / ("rank" + std::to_string(rank)) / "dump.json", all_reduce_dump(rank));
    }
    fs::create_directories(step / "rank3");
    fs::create_directories(step / "rankx");
    return step;
}

}  // namespace

TEST_CASE("the ranks beside a dump are every numbered rank folder, in order", "[run_ut][rank_dumps]") {
    const fs::path step = step_dir("ranks");
    const DumpRecords own = read_dump_records(step / "rank1" / "dump.json");
    auto dumps = RankDumps::beside(own);
    REQUIRE(dumps);
    CHECK(dumps->own_rank() == 1);
    CHECK(dumps->ranks() == std::vector<int>{0, 1, 3, 10});
}

TEST_CASE("another rank's record of a call is read on first use", "[run_ut][rank_dumps]") {
    const fs::path step = step_dir("entries");
    const DumpRecords own = read_dump_records(step / "rank0" / "dump.json");
    auto dumps = RankDumps::beside(own);
    REQUIRE(dumps);
    CHECK(dumps->forward_entry(10, "Distributed.all_reduce.0").member("input_args").item(0).member("value").integer() ==
          10);
    CHECK(dumps->forward_entry(0, "Distributed.all_reduce.0").member("input_args").item(0).member("value").integer() ==
          0);
    CHECK_FALSE(dumps->forward_entry(1, "Distributed.broadcast.0").present());
    try {
        (void)dumps->forward_entry(3, "Distributed.all_reduce.0");
        FAIL("a rank without its dump.json was read");
    } catch (const Error& error) {
        CHECK(error.file() == (step / "rank3" / "dump.json").string());
        CHECK(error.reason() == "rank 3's dump.json is missing");
    }
}

TEST_CASE("a dump outside a numbered rank folder has no ranks to pair with", "[run_ut][rank_dumps]") {
    const fs::path dir = testing::scratch_dir("rank_dumps_single") / "rank";
    fs::create_directories(dir);
    testing::write_file(dir / "dump.json", all_reduce_dump(0));
    const DumpRecords own = read_dump_records(dir / "dump.json");
    CHECK_FALSE(RankDumps::beside(own));
}
