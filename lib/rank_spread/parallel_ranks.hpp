#pragma once
// The ranks of a step compare on the thread pool. A rank runs on one thread
// from reading its dumps to writing its files, and its table is released
// before that thread takes the next rank: memory grows with the threads, not
// with the ranks, and one rank's writing overlaps the next one's reading. The
// work inside a rank may use the same pool (nested loops never deadlock).
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/thread_pool.hpp"

namespace msprobe::compare {

// An error that ends the whole run rather than one rank (a result that could
// not be written): no further rank starts, and the run fails with it.
class RunStopped : public Error {
public:
    explicit RunStopped(const Error& error) : Error(error) {}
};

// Runs compare_rank(i) for every rank i in [0, count), ranks in parallel. A
// rank whose compare throws msprobe::Error is skipped: logged by its label and
// its index returned (in rank order). RunStopped ends the run with the error
// of the lowest rank that threw one; any other exception is rethrown as is.
// `show_progress`: the ranks done, skipped ones too, on a progress line of the terminal.
std::vector<std::size_t> compare_ranks(std::size_t count, ThreadPool& pool,
                                       const std::function<void(std::size_t)>& compare_rank,
                                       const std::function<std::string(std::size_t)>& rank_label,
                                       bool show_progress = false);

// Held by a job while one rank's dumps and table are in memory, so a test can
// check that they are bounded by the ranks in flight.
class LiveRankTable {
public:
    LiveRankTable();
    ~LiveRankTable();
    LiveRankTable(const LiveRankTable&) = delete;
    LiveRankTable& operator=(const LiveRankTable&) = delete;

    static std::size_t peak();  // the most alive at once since reset_peak()
    static void reset_peak();
};

}  // namespace msprobe::compare
