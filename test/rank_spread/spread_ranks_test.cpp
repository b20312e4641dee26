// A directory compare's ranks spread over the run's processes (played by
// threads here): each process compares the ranks the byte plan gives it and
// names those it skipped among all ranks; gathering hands process 0 every
// rank's result, the skipped ranks in order and every note once, and leaves
// the other processes their own.
#include <catch2/catch.hpp>

#include <algorithm>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/thread_pool.hpp"
#include "rank_spread/spread_ranks.hpp"
#include "support/threaded_processes.hpp"

using namespace msprobe;
using namespace msprobe::compare;
using nlohmann::json;

namespace {

void check_no_failure(const std::vector<std::exception_ptr>& failures) {
    for (std::size_t p = 0; p < failures.size(); ++p) {
        CAPTURE(p);
        if (!failures[p]) continue;
        try {
            std::rethrow_exception(failures[p]);
        } catch (const std::exception& e) {
            FAIL("process failed: " << e.what());
        }
    }
}

}  // namespace

TEST_CASE("compare_process_ranks: one process compares every rank without asking sizes",
          "[rank_spread][spread_ranks]") {
    ThreadPool pool(2);
    std::mutex mutex;
    std::set<std::size_t> compared;
    bool sizes_asked = false;
    const auto skipped = compare_process_ranks(
        single_process(), 4,
        [&](std::size_t) {
            sizes_asked = true;
            return std::uintmax_t{1};
        },
        pool,
        [&](std::size_t rank) {
            {
                std::lock_guard lock(mutex);
                compared.insert(rank);
            }
            if (rank == 2 || rank == 0) throw Error("rank" + std::to_string(rank), "unusable dump");
        },
        [](std::size_t rank) { return "rank" + std::to_string(rank); });
    CHECK(compared == std::set<std::size_t>{0, 1, 2, 3});
    CHECK(skipped == std::vector<std::size_t>{0, 2});
    CHECK_FALSE(sizes_asked);
}

TEST_CASE("compare_process_ranks: each process takes its share by bytes, skipped ranks named among all",
          "[rank_spread][spread_ranks]") {
    // Largest first, to the process with the fewest bytes (lowest index among equals):
    // rank0 (10) → 0, rank3 (10) → 1, rank1 (1) → 0, rank2 (1) → 1.
    const std::vector<std::uintmax_t> bytes = {10, 1, 1, 10};
    testing::ThreadedProcesses processes(2);
    std::vector<std::vector<std::size_t>> compared(2), skipped(2), labelled(2);
    check_no_failure(processes.run([&](ProcessGroup& process) {
        const std::size_t p = process.index();
        ThreadPool pool(1);
        skipped[p] = compare_process_ranks(
            process, bytes.size(), [&](std::size_t rank) { return bytes.at(rank); }, pool,
            [&](std::size_t rank) {
                compared[p].push_back(rank);
                if (rank == 3) throw Error("rank3", "unusable dump");
            },
            [&](std::size_t rank) {
                labelled[p].push_back(rank);
                return "rank" + std::to_string(rank);
            });
    }));
    CHECK(compared[0] == std::vector<std::size_t>{0, 1});
    CHECK(compared[1] == std::vector<std::size_t>{2, 3});
    CHECK(skipped[0].empty());
    CHECK(skipped[1] == std::vector<std::size_t>{3});
    CHECK(std::count(labelled[1].begin(), labelled[1].end(), 3) >= 1);  // the skipped rank is logged by its label
    CHECK(std::count(labelled[1].begin(), labelled[1].end(), 0) == 0);
}

TEST_CASE("gather_ranks: one process keeps what it has", "[rank_spread][spread_ranks]") {
    const auto gathered = gather_ranks(single_process(), 3, {{2, json{{"rows", 5}}}, {0, json{{"rows", 1}}}}, {1},
                                       {"-s has no effect"});
    REQUIRE(gathered.results.size() == 3);
    CHECK(gathered.results[0] == json{{"rows", 1}});
    CHECK_FALSE(gathered.results[1].has_value());
    CHECK(gathered.results[2] == json{{"rows", 5}});
    CHECK(gathered.skipped == std::vector<std::size_t>{1});
    CHECK(gathered.notes == std::vector<std::string>{"-s has no effect"});
}

TEST_CASE("gather_ranks: a result for a rank past the run's ranks is left out", "[rank_spread][spread_ranks]") {
    const auto gathered = gather_ranks(single_process(), 2, {{1, json{{"rows", 2}}}, {7, json{{"rows", 9}}}}, {}, {});
    REQUIRE(gathered.results.size() == 2);
    CHECK_FALSE(gathered.results[0].has_value());
    CHECK(gathered.results[1] == json{{"rows", 2}});
}

TEST_CASE("gather_ranks: process 0 learns every rank, the others keep their own", "[rank_spread][spread_ranks]") {
    // A path that is no UTF-8 travels as its bytes.
    const std::string odd_path = "/out/compare_result_\xff\xfe.csv";
    const std::vector<std::vector<std::pair<std::size_t, json>>> results = {
        {{0, json{{"rows", 10}}}},
        {{2, json{{"written", odd_path}}}, {1, json{{"rows", 11}}}},
        {}};
    const std::vector<std::vector<std::size_t>> skipped = {{}, {4}, {3}};
    const std::vector<std::vector<std::string>> notes = {
        {"-hl has no effect"}, {"-s has no effect", "-hl has no effect"}, {"-c has no effect"}};
    testing::ThreadedProcesses processes(3);
    std::vector<GatheredRanks> gathered(3);
    check_no_failure(processes.run([&](ProcessGroup& process) {
        const std::size_t p = process.index();
        gathered[p] = gather_ranks(process, 5, results[p], skipped[p], notes[p]);
    }));
    const GatheredRanks& first = gathered[0];
    REQUIRE(first.results.size() == 5);
    CHECK(first.results[0] == json{{"rows", 10}});
    CHECK(first.results[1] == json{{"rows", 11}});
    REQUIRE(first.results[2].has_value());
    CHECK(first.results[2]->at("written").get<std::string>() == odd_path);
    CHECK_FALSE(first.results[3].has_value());
    CHECK_FALSE(first.results[4].has_value());
    CHECK(first.skipped == std::vector<std::size_t>{3, 4});  // in rank order, not process order
    CHECK(first.notes == std::vector<std::string>{"-hl has no effect", "-s has no effect", "-c has no effect"});

    const GatheredRanks& second = gathered[1];
    REQUIRE(second.results.size() == 5);
    CHECK_FALSE(second.results[0].has_value());
    CHECK(second.results[1] == json{{"rows", 11}});
    CHECK(second.results[2].has_value());
    CHECK(second.skipped == std::vector<std::size_t>{4});
    CHECK(second.notes == notes[1]);  // as given: only process 0 merges them
    CHECK(gathered[2].skipped == std::vector<std::size_t>{3});
    CHECK(gathered[2].notes == notes[2]);
    CHECK(std::none_of(gathered[2].results.begin(), gathered[2].results.end(),
                       [](const auto& r) { return r.has_value(); }));
}
