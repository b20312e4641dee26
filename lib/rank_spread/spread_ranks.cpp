#include "rank_spread/spread_ranks.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>

#include "rank_spread/parallel_ranks.hpp"
#include "rank_spread/rank_plan.hpp"

namespace msprobe::compare {

std::vector<std::size_t> compare_process_ranks(ProcessGroup& processes, std::size_t rank_count,
                                               const RankBytes& bytes_of, ThreadPool& pool,
                                               const std::function<void(std::size_t)>& compare_rank,
                                               const std::function<std::string(std::size_t)>& rank_label,
                                               bool show_progress) {
    const auto mine = ranks_of_process(rank_count, bytes_of, processes.size(), processes.index());
    const auto skipped = compare_ranks(
        mine.size(), pool, [&](std::size_t i) { compare_rank(mine[i]); },
        [&](std::size_t i) { return rank_label(mine[i]); }, show_progress);
    std::vector<std::size_t> skipped_ranks;
    for (const std::size_t i : skipped) skipped_ranks.push_back(mine[i]);
    return skipped_ranks;
}

GatheredRanks gather_ranks(ProcessGroup& processes, std::size_t rank_count,
                           const std::vector<std::pair<std::size_t, nlohmann::json>>& results,
                           const std::vector<std::size_t>& skipped, const std::vector<std::string>& notes) {
    GatheredRanks gathered;
    gathered.results.resize(rank_count);
    const auto keep_own = [&] {
        for (const auto& [rank, result] : results) {
            if (rank < rank_count) gathered.results[rank] = result;  // as for other processes' ranks below
        }
        gathered.skipped = skipped;
        gathered.notes = notes;
    };
    if (processes.size() == 1 || !processes.is_first()) keep_own();
    if (processes.size() == 1) return gathered;
    const nlohmann::json mine = {{"results", results}, {"skipped", skipped}, {"notes", notes}};
    const auto packed = nlohmann::json::to_msgpack(mine);
    for (const auto& message : processes.gather_to_first(std::string(packed.begin(), packed.end()))) {
        const auto theirs = nlohmann::json::from_msgpack(message);
        for (const auto& entry : theirs.at("results")) {
            const auto rank = entry.at(0).get<std::size_t>();
            if (rank < rank_count) gathered.results[rank] = entry.at(1);
        }
        for (const auto& rank : theirs.at("skipped")) gathered.skipped.push_back(rank.get<std::size_t>());
        for (const auto& note : theirs.at("notes")) {
            const auto text = note.get<std::string>();
            if (std::find(gathered.notes.begin(), gathered.notes.end(), text) == gathered.notes.end()) {
                gathered.notes.push_back(text);
            }
        }
    }
    std::sort(gathered.skipped.begin(), gathered.skipped.end());
    return gathered;
}

}  // namespace msprobe::compare
