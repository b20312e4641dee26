// A task started on the pool runs exactly once, on a worker or on the thread
// that waits for it, brings its exception back to that thread, and never
// waits for a free worker: a pool busy with waiting loop bodies still ends.
#include <catch2/catch.hpp>

#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <thread>
#include <vector>

#include "common/error.hpp"
#include "common/thread_pool.hpp"

using msprobe::ThreadPool;

TEST_CASE("a task of a pool of one runs inside wait(), on the waiting thread", "[common][thread_pool]") {
    ThreadPool pool(1);
    std::thread::id ran_on;
    int runs = 0;
    auto task = pool.start([&] {
        ran_on = std::this_thread::get_id();
        ++runs;
    });
    CHECK(runs == 0);  // no worker to run it before
    task.wait();
    CHECK(runs == 1);
    CHECK(ran_on == std::this_thread::get_id());
    task.wait();  // a second wait has nothing left to do
    CHECK(runs == 1);
}

TEST_CASE("every started task runs exactly once", "[common][thread_pool]") {
    const unsigned threads = GENERATE(1u, 2u, 4u);
    ThreadPool pool(threads);
    std::vector<std::atomic<int>> runs(200);
    std::vector<ThreadPool::Task> tasks;
    for (std::size_t i = 0; i < runs.size(); ++i) tasks.push_back(pool.start([&runs, i] { runs[i].fetch_add(1); }));
    for (auto& task : tasks) task.wait();
    for (std::size_t i = 0; i < runs.size(); ++i) {
        INFO("task " << i);
        CHECK(runs[i].load() == 1);
    }
}

TEST_CASE("wait() rethrows a task's exception with its type", "[common][thread_pool]") {
    const unsigned threads = GENERATE(1u, 3u);
    ThreadPool pool(threads);
    auto bad_input = pool.start([] { throw msprobe::Error("bench/dump.json", "not JSON"); });
    auto internal = pool.start([] { throw std::logic_error("broken invariant"); });
    try {
        bad_input.wait();
        FAIL("wait() did not throw");
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == "bench/dump.json");
        CHECK(e.reason() == "not JSON");
    }
    CHECK_THROWS_AS(internal.wait(), std::logic_error);
}

TEST_CASE("a task nobody waits for is dropped or finished before its handle goes", "[common][thread_pool]") {
    const unsigned threads = GENERATE(1u, 2u);
    ThreadPool pool(threads);
    std::atomic<int> runs{0};
    { auto forgotten = pool.start([&] { runs.fetch_add(1); }); }
    // With a worker it may have run; without one it never does. Either way it is over.
    CHECK(runs.load() <= (threads == 1 ? 0 : 1));
    pool.parallel_for(10, [](std::int64_t) {});  // the pool still works
}

TEST_CASE("tasks started inside loop bodies finish when every thread waits for one", "[common][thread_pool]") {
    // Each body starts a task and waits for it: with more bodies than threads,
    // every thread may be waiting at once, so the waiters must run tasks themselves.
    ThreadPool pool(3);
    constexpr std::int64_t kBodies = 24;
    std::vector<std::atomic<int>> inner(static_cast<std::size_t>(kBodies));
    pool.parallel_for(kBodies, [&](std::int64_t i) {
        auto task = pool.start([&, i] {
            // A loop inside a task, for a task run by a worker between loop items.
            pool.parallel_for(4, [&](std::int64_t) { inner[static_cast<std::size_t>(i)].fetch_add(1); });
        });
        task.wait();
    });
    for (const auto& n : inner) CHECK(n.load() == 4);
}

TEST_CASE("run_here does a task nobody has begun, and keeps its exception for wait()", "[common][thread_pool]") {
    ThreadPool pool(1);  // no worker: nothing begins a task but this thread
    int runs = 0;
    auto task = pool.start([&] { ++runs; });
    CHECK_FALSE(task.finished());
    CHECK(task.run_here());
    CHECK(task.finished());
    CHECK_FALSE(task.run_here());  // once
    task.wait();
    CHECK(runs == 1);
    auto failing = pool.start([] { throw std::runtime_error("kept"); });
    CHECK(failing.run_here());
    CHECK(failing.finished());
    CHECK_THROWS_WITH(failing.wait(), "kept");
}

TEST_CASE("run_here leaves a task a worker has begun to that worker", "[common][thread_pool]") {
    ThreadPool pool(2);
    std::atomic<bool> begun{false}, release{false};
    auto task = pool.start([&] {
        begun = true;
        while (!release) std::this_thread::yield();
    });
    while (!begun) std::this_thread::yield();
    CHECK_FALSE(task.run_here());
    CHECK_FALSE(task.finished());
    release = true;
    task.wait();
    CHECK(task.finished());
}
