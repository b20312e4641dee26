// The run's processes as a plain run sees them: one process, and a failure
// of its work is its own.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "common/process_group.hpp"

TEST_CASE("process group: a plain run is one process whose collectives return what they are given") {
    auto& processes = msprobe::run_processes();
    CHECK(&processes == &msprobe::single_process());
    CHECK(processes.index() == 0);
    CHECK(processes.size() == 1);
    CHECK(processes.is_first());
    CHECK(processes.all_succeeded(true));
    CHECK_FALSE(processes.all_succeeded(false));
    CHECK(processes.gather_to_first("rank0") == std::vector<std::string>{"rank0"});
    CHECK(processes.broadcast_from_first("20261126000000") == "20261126000000");
}

TEST_CASE("process group: run_on_every_process rethrows the work's own failure as it was") {
    auto& one = msprobe::single_process();
    int ran = 0;
    msprobe::run_on_every_process(one, "out", [&] { ++ran; });
    CHECK(ran == 1);
    try {
        msprobe::run_on_every_process(one, "out", [] { throw msprobe::Error("npu/rank3/dump.json", "malformed JSON"); });
        FAIL("no exception");
    } catch (const msprobe::Error& e) {
        CHECK(std::string(e.what()) == "npu/rank3/dump.json: malformed JSON");
    }
    CHECK_THROWS_AS(msprobe::run_on_every_process(one, "out", [] { throw std::logic_error("defect"); }), std::logic_error);
}
