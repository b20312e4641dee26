#pragma once
// The ranks of a directory compare spread over the run's processes: each
// process compares its share (rank_plan.hpp) on its own pool through
// compare_ranks, and process 0 then learns what every rank gave, to write the
// run's summary in rank order. With one process this is compare_ranks itself.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/process_group.hpp"
#include "common/thread_pool.hpp"
#include "rank_spread/rank_plan.hpp"

namespace msprobe::compare {

// compare_ranks over the ranks this process owns among `rank_count` ranks
// (ranks_of_process); returns those it skipped (indices among all ranks).
std::vector<std::size_t> compare_process_ranks(ProcessGroup& processes, std::size_t rank_count,
                                               const RankBytes& bytes_of, ThreadPool& pool,
                                               const std::function<void(std::size_t)>& compare_rank,
                                               const std::function<std::string(std::size_t)>& rank_label,
                                               bool show_progress = false);

struct GatheredRanks {
    std::vector<std::optional<nlohmann::json>> results;  // by rank: what its process said of it
    std::vector<std::size_t> skipped;               // in rank order
    std::vector<std::string> notes;                 // every process's, each once, in process order
};

// Collective: process 0 receives every process's (rank, result) pairs,
// skipped ranks and notes; the other processes receive only their own. Sent as
// MessagePack, so strings (paths) travel as the bytes they are.
GatheredRanks gather_ranks(ProcessGroup& processes, std::size_t rank_count,
                           const std::vector<std::pair<std::size_t, nlohmann::json>>& results,
                           const std::vector<std::size_t>& skipped, const std::vector<std::string>& notes);

}  // namespace msprobe::compare
