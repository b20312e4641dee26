#include "rank_spread/committed_ranks.hpp"

#include <utility>

#include "compare/committed_results.hpp"
#include "rank_spread/pair_outcome_message.hpp"
#include "rank_spread/spread_ranks.hpp"

namespace msprobe::compare {

void commit_spread_ranks(ProcessGroup& processes, report::StagedFiles& staged,
                         std::vector<std::optional<PairOutcome>>& rank_outcomes,
                         const std::vector<std::size_t>& skipped, CompareSummary& summary) {
    CompareSummary mine;
    std::vector<std::size_t> mine_ranks;
    for (std::size_t i = 0; i < rank_outcomes.size(); ++i) {
        if (!rank_outcomes[i]) continue;
        mine.pairs.push_back(std::move(*rank_outcomes[i]));
        mine_ranks.push_back(i);
    }
    GatheredRanks gathered;
    local_then_collective([&] { commit_results(staged, mine); },
                          [&] {
                              std::vector<std::pair<std::size_t, nlohmann::json>> messages;
                              for (std::size_t k = 0; k < mine.pairs.size(); ++k) {
                                  messages.emplace_back(mine_ranks[k], pair_outcome_message(mine.pairs[k]));
                              }
                              gathered = gather_ranks(processes, rank_outcomes.size(), messages, skipped,
                                                      summary.ignored_flags);
                          });
    for (const auto& result : gathered.results) {
        if (result) summary.pairs.push_back(pair_outcome_from_message(*result));
    }
    summary.failed_ranks = gathered.skipped.size();
    summary.ignored_flags = gathered.notes;
}

}  // namespace msprobe::compare
