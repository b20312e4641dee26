#include "common/rank_plan.hpp"

#include <algorithm>
#include <numeric>

namespace msprobe {

std::vector<std::size_t> process_of_ranks(const std::vector<std::uintmax_t>& rank_bytes, std::size_t processes) {
    std::vector<std::size_t> order(rank_bytes.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return rank_bytes[a] > rank_bytes[b]; });
    std::vector<std::uintmax_t> load(std::max<std::size_t>(processes, 1), 0);
    std::vector<std::size_t> owner(rank_bytes.size(), 0);
    for (const std::size_t rank : order) {
        const auto lightest = static_cast<std::size_t>(std::min_element(load.begin(), load.end()) - load.begin());
        owner[rank] = lightest;
        // A rank of no bytes still costs its turn, so empty ranks spread too.
        load[lightest] += std::max<std::uintmax_t>(rank_bytes[rank], 1);
    }
    return owner;
}

std::vector<std::size_t> ranks_of_process(std::size_t rank_count, const RankBytes& bytes_of, std::size_t processes,
                                          std::size_t process) {
    std::vector<std::size_t> mine;
    if (processes <= 1) {
        mine.resize(rank_count);
        std::iota(mine.begin(), mine.end(), std::size_t{0});
        return mine;
    }
    std::vector<std::uintmax_t> rank_bytes(rank_count);
    for (std::size_t rank = 0; rank < rank_count; ++rank) rank_bytes[rank] = bytes_of(rank);
    const auto owner = process_of_ranks(rank_bytes, processes);
    for (std::size_t rank = 0; rank < owner.size(); ++rank) {
        if (owner[rank] == process) mine.push_back(rank);
    }
    return mine;
}

}  // namespace msprobe
