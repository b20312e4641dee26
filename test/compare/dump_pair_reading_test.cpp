// The two dump files of a pair read side by side: the bench file on the pool
// while this thread reads the NPU file (or after it on a pool without
// workers), the sides kept apart, and the NPU file's error before the bench's.
#include <catch2/catch.hpp>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "common/error.hpp"
#include "common/thread_pool.hpp"
#include "compare/dump_pair_reading.hpp"
#include "support/input_refusal.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_dump.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::compare;

TEST_CASE("read_side_by_side: without workers the bench side is read after the NPU side",
          "[compare][dump_pair_reading]") {
    ThreadPool pool(1);
    std::vector<std::string> order;
    const auto [npu, bench] =
        read_side_by_side("npu/dump.json", "bench/dump.json", pool, [&](const fs::path& p, Progress*) {
            order.push_back(p.string());
            return p.parent_path().string().size();
        });
    CHECK(npu == 3);
    CHECK(bench == 5);
    CHECK(order == std::vector<std::string>{"npu/dump.json", "bench/dump.json"});
}

TEST_CASE("read_side_by_side: with an idle worker both sides are read at once", "[compare][dump_pair_reading]") {
    ThreadPool pool(2);
    std::mutex mutex;
    std::condition_variable changed;
    bool bench_started = false;
    bool npu_saw_bench = false;
    const auto [npu, bench] = read_side_by_side("n", "b", pool, [&](const fs::path& p, Progress*) {
        std::unique_lock lock(mutex);
        if (p == "b") {
            bench_started = true;
            changed.notify_all();
            return std::this_thread::get_id();
        }
        // The NPU read waits for the bench read: it can only begin on another thread.
        npu_saw_bench = changed.wait_for(lock, std::chrono::seconds(20), [&] { return bench_started; });
        return std::this_thread::get_id();
    });
    CHECK(npu_saw_bench);
    CHECK(npu == std::this_thread::get_id());
    CHECK(bench != std::this_thread::get_id());
}

TEST_CASE("read_side_by_side: the NPU side's error wins over the bench side's", "[compare][dump_pair_reading]") {
    ThreadPool pool(2);
    const auto both_fail = [](const fs::path& p, Progress*) -> int { throw Error(p.string(), "unreadable"); };
    try {
        read_side_by_side("npu.json", "bench.json", pool, both_fail);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.file() == "npu.json");
    }
    const auto bench_fails = [](const fs::path& p, Progress*) -> int {
        if (p == "bench.json") throw Error(p.string(), "unreadable");
        return 1;
    };
    try {
        read_side_by_side("npu.json", "bench.json", pool, bench_fails);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.file() == "bench.json");
        CHECK(e.reason() == "unreadable");
    }
}

TEST_CASE("read_side_by_side: both sides count on one progress, which ends with the reading",
          "[compare][dump_pair_reading]") {
    ThreadPool pool(2);
    std::vector<Progress*> seen(2, nullptr);
    read_side_by_side("npu.json", "bench.json", pool, [&](const fs::path& p, Progress* progress) {
        REQUIRE(progress != nullptr);
        progress->advance(p == "npu.json" ? 2 : 3);
        seen[p == "npu.json" ? 0 : 1] = progress;
        return progress->done() > 0;
    });
    CHECK(seen[0] == seen[1]);
}

TEST_CASE("read_dump_files: each side's rows come from its own file", "[compare][dump_pair_reading]") {
    const fs::path dir = testing::scratch_dir("dump_pair_reading_files");
    const fs::path npu = testing::write_small_dump(
        dir / "npu", {{"Functional.relu.0.forward", {{1, 2}}, {{1, 2}}}, {"Torch.add.0.forward", {{1}, {2}}, {{3}}}});
    const fs::path bench = testing::write_small_dump(dir / "bench", {{"Functional.gelu.0.forward", {{1, 2}}, {{1}}}});
    for (unsigned threads : {1U, 3U}) {
        ThreadPool pool(threads);
        const DumpFiles files = read_dump_files(npu, bench, pool);
        CHECK(files.npu.path == npu.string());
        CHECK(files.bench.path == bench.string());
        CHECK(files.npu.api_names == std::vector<std::string>{"Functional.relu.0.forward", "Torch.add.0.forward"});
        REQUIRE(files.npu.rows.size() == 5);
        CHECK(files.npu.rows[0].name == "Functional.relu.0.forward.input.0");
        CHECK(files.npu.rows[3].name == "Torch.add.0.forward.input.1");
        CHECK(files.npu.rows[4].api_index == 1);
        REQUIRE(files.bench.rows.size() == 2);
        CHECK(files.bench.rows[1].name == "Functional.gelu.0.forward.output.0");
        CHECK(files.bench.rows[1].shape.str() == "[1]");
    }
}

TEST_CASE("read_dump_files: a missing file is named, the NPU one first", "[compare][dump_pair_reading]") {
    const fs::path dir = testing::scratch_dir("dump_pair_reading_missing");
    const fs::path npu = testing::write_small_dump(dir / "npu", {{"Functional.relu.0.forward", {{1}}, {{1}}}});
    ThreadPool pool(2);
    CHECK(testing::refusal_reason(dir / "bench" / "dump.json",
                                  [&](const fs::path& bench) { read_dump_files(npu, bench, pool); }) == "no such file");
    CHECK(testing::refusal_reason(dir / "none" / "dump.json", [&](const fs::path& missing) {
              read_dump_files(missing, dir / "other" / "dump.json", pool);
          }) == "no such file");
}
