// The plan that spreads a run's ranks over processes by bytes.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "common/rank_plan.hpp"

using msprobe::process_of_ranks;
using msprobe::ranks_of_process;

TEST_CASE("rank plan: the largest ranks go first, each to the process with the fewest bytes") {
    // 90 → p0, 80 → p1, 70 → p2, 40 → p2 (70), 30 → p1 (80), 10 → p0 (90... p1 110, p2 110): p0.
    const std::vector<std::uintmax_t> bytes{10, 90, 40, 80, 30, 70};
    CHECK(process_of_ranks(bytes, 3) == std::vector<std::size_t>{0, 0, 2, 1, 1, 2});
    const auto bytes_of = [&bytes](std::size_t rank) { return bytes[rank]; };
    CHECK(ranks_of_process(bytes.size(), bytes_of, 3, 0) == std::vector<std::size_t>{0, 1});
    CHECK(ranks_of_process(bytes.size(), bytes_of, 3, 1) == std::vector<std::size_t>{3, 4});
    CHECK(ranks_of_process(bytes.size(), bytes_of, 3, 2) == std::vector<std::size_t>{2, 5});
}

TEST_CASE("rank plan: equal ranks go round the processes in rank order, and one process takes all") {
    const std::vector<std::uintmax_t> equal(8, 100);
    CHECK(process_of_ranks(equal, 3) == std::vector<std::size_t>{0, 1, 2, 0, 1, 2, 0, 1});
    CHECK(process_of_ranks(equal, 1) == std::vector<std::size_t>(8, 0));
    // Empty ranks still spread: each costs its turn.
    CHECK(process_of_ranks(std::vector<std::uintmax_t>(4, 0), 2) == std::vector<std::size_t>{0, 1, 0, 1});
    // More processes than ranks: the last ones get none.
    CHECK(ranks_of_process(2, [](std::size_t) { return std::uintmax_t{5}; }, 4, 3).empty());
    // One process takes every rank without asking any rank's size (a walk of its tensor folders).
    std::size_t asked = 0;
    const auto counted = [&asked](std::size_t) {
        ++asked;
        return std::uintmax_t{1};
    };
    CHECK(ranks_of_process(3, counted, 1, 0) == std::vector<std::size_t>{0, 1, 2});
    CHECK(asked == 0);
    CHECK(ranks_of_process(3, counted, 2, 1) == std::vector<std::size_t>{1});
    CHECK(asked == 3);
}
