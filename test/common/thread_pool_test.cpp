// The pool hands every index to exactly one body, survives loops started from
// inside a body, and brings a body's exception back to the caller unchanged.
#include <catch2/catch.hpp>

#include <atomic>
#include <cstdint>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "common/error.hpp"
#include "common/thread_pool.hpp"

using msprobe::ThreadPool;

namespace {

// How often each index of a loop of `count` items was visited.
std::vector<int> visits(ThreadPool& pool, std::int64_t count) {
    std::vector<std::atomic<int>> seen(static_cast<std::size_t>(count));
    pool.parallel_for(count, [&](std::int64_t i) { seen[static_cast<std::size_t>(i)].fetch_add(1); });
    std::vector<int> out;
    out.reserve(seen.size());
    for (const auto& s : seen) out.push_back(s.load());
    return out;
}

}  // namespace

TEST_CASE("parallel_for visits every index exactly once", "[common][thread_pool]") {
    const unsigned threads = GENERATE(1u, 2u, 4u, 8u);
    ThreadPool pool(threads);
    for (const std::int64_t count : {std::int64_t{1}, std::int64_t{2}, std::int64_t{7}, std::int64_t{10000}}) {
        const auto seen = visits(pool, count);
        CHECK(seen == std::vector<int>(static_cast<std::size_t>(count), 1));
    }
}

TEST_CASE("parallel_for of no items never calls the body", "[common][thread_pool]") {
    ThreadPool pool(4);
    std::atomic<int> calls{0};
    pool.parallel_for(0, [&](std::int64_t) { ++calls; });
    pool.parallel_for(-3, [&](std::int64_t) { ++calls; });
    CHECK(calls == 0);
}

TEST_CASE("a parallel_for started inside a body finishes and covers its own indices", "[common][thread_pool]") {
    // More outer items than threads: every thread is inside an outer body that
    // waits for an inner loop, which only the callers themselves can finish.
    ThreadPool pool(4);
    constexpr std::int64_t kOuter = 16;
    constexpr std::int64_t kInner = 50;
    std::vector<std::atomic<int>> seen(static_cast<std::size_t>(kOuter * kInner));
    std::vector<std::atomic<int>> innermost(static_cast<std::size_t>(kOuter));
    pool.parallel_for(kOuter, [&](std::int64_t i) {
        pool.parallel_for(kInner, [&](std::int64_t j) {
            seen[static_cast<std::size_t>(i * kInner + j)].fetch_add(1);
            // A third level, for the loop that starts while two are open.
            if (j == 0)
                pool.parallel_for(3, [&](std::int64_t) { innermost[static_cast<std::size_t>(i)].fetch_add(1); });
        });
    });
    for (std::size_t k = 0; k < seen.size(); ++k) {
        INFO("outer " << k / kInner << ", inner " << k % kInner);
        CHECK(seen[k].load() == 1);
    }
    for (const auto& n : innermost) CHECK(n.load() == 3);
}

TEST_CASE("a msprobe::Error thrown in a body reaches the caller with its type, file and reason",
          "[common][thread_pool]") {
    const unsigned threads = GENERATE(1u, 4u);
    ThreadPool pool(threads);
    bool caught = false;
    try {
        pool.parallel_for(100, [](std::int64_t i) {
            if (i == 37) throw msprobe::Error("dump.json", "item 37 is broken");
        });
    } catch (const msprobe::Error& e) {
        caught = true;
        CHECK(e.file() == "dump.json");
        CHECK(e.reason() == "item 37 is broken");
        CHECK(e.exit_code() == msprobe::kExitBadInput);
    }
    CHECK(caught);
}

TEST_CASE("an exception of another type stays that type, so main can tell it from bad input",
          "[common][thread_pool]") {
    ThreadPool pool(4);
    const auto run = [&] {
        pool.parallel_for(10, [](std::int64_t i) {
            if (i == 3) throw std::logic_error("index out of range");
        });
    };
    CHECK_THROWS_AS(run(), std::logic_error);
    CHECK_THROWS_WITH(run(), "index out of range");
}

TEST_CASE("an error thrown inside a nested loop reaches the outer caller", "[common][thread_pool]") {
    ThreadPool pool(3);
    const auto run = [&] {
        pool.parallel_for(6, [&](std::int64_t i) {
            pool.parallel_for(6, [&](std::int64_t j) {
                if (i == 4 && j == 2) throw msprobe::Error("inner.npy", "bad shape");
            });
        });
    };
    CHECK_THROWS_AS(run(), msprobe::Error);
}

TEST_CASE("on one thread the first error wins and the items after it are not run", "[common][thread_pool]") {
    // Items are handed out in increasing order, so on the caller alone item 2
    // throws first; items 3.. are only counted off.
    ThreadPool pool(1);
    std::vector<std::int64_t> ran;
    try {
        pool.parallel_for(6, [&](std::int64_t i) {
            ran.push_back(i);
            if (i >= 2) throw msprobe::Error("item" + std::to_string(i), "fails");
        });
        FAIL("parallel_for did not throw");
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == "item2");
    }
    CHECK(ran == std::vector<std::int64_t>{0, 1, 2});
}

TEST_CASE("when several bodies throw at once, exactly one of their errors reaches the caller",
          "[common][thread_pool]") {
    ThreadPool pool(4);
    std::mutex mutex;
    std::set<std::string> thrown;
    std::string caught;
    try {
        pool.parallel_for(64, [&](std::int64_t i) {
            const std::string name = "item" + std::to_string(i);
            {
                std::lock_guard lock(mutex);
                thrown.insert(name);
            }
            throw msprobe::Error(name, "fails");
        });
    } catch (const msprobe::Error& e) {
        caught = e.file();
    }
    // Items whose turn comes after the first error are skipped, so fewer than
    // 64 may have thrown; the one that surfaces is one of them.
    REQUIRE(!thrown.empty());
    CHECK(thrown.count(caught) == 1);
}

TEST_CASE("a pool is reusable after a loop has thrown", "[common][thread_pool]") {
    const unsigned threads = GENERATE(1u, 4u);
    ThreadPool pool(threads);
    for (int round = 0; round < 3; ++round) {
        CHECK_THROWS_AS(pool.parallel_for(50, [](std::int64_t i) {
            if (i % 7 == 6) throw msprobe::Error("round", "fails");
        }),
                        msprobe::Error);
        const auto seen = visits(pool, 500);
        CHECK(seen == std::vector<int>(500, 1));
    }
}

TEST_CASE("a pool of one runs every item on the caller's thread, in order", "[common][thread_pool]") {
    ThreadPool pool(1);
    CHECK(pool.size() == 1);
    const auto caller = std::this_thread::get_id();
    std::vector<std::int64_t> order;
    bool all_on_caller = true;
    pool.parallel_for(20, [&](std::int64_t i) {
        order.push_back(i);  // no lock: the test relies on there being one thread
        if (std::this_thread::get_id() != caller) all_on_caller = false;
    });
    CHECK(all_on_caller);
    std::vector<std::int64_t> expected(20);
    for (std::int64_t i = 0; i < 20; ++i) expected[static_cast<std::size_t>(i)] = i;
    CHECK(order == expected);
}

TEST_CASE("a pool reports the threads it runs on, the caller included", "[common][thread_pool]") {
    CHECK(ThreadPool(1).size() == 1);
    CHECK(ThreadPool(3).size() == 3);
}
