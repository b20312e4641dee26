#include "rank_spread/parallel_ranks.hpp"

#include <fmt/format.h>

#include <atomic>
#include <mutex>
#include <optional>

#include "common/log.hpp"
#include "common/progress.hpp"

namespace msprobe::compare {

std::vector<std::size_t> compare_ranks(std::size_t count, ThreadPool& pool,
                                       const std::function<void(std::size_t)>& compare_rank,
                                       const std::function<std::string(std::size_t)>& rank_label, bool show_progress) {
    Progress progress("Comparing ranks", static_cast<std::int64_t>(count), show_progress, "ranks");
    std::vector<char> skipped(count, 0);
    std::vector<std::optional<RunStopped>> stops(count);
    std::atomic<bool> stopping{false};
    pool.parallel_for(static_cast<std::int64_t>(count), [&](std::int64_t item) {
        const auto i = static_cast<std::size_t>(item);
        if (stopping.load()) return;  // the run has failed already
        try {
            compare_rank(i);
        } catch (const RunStopped& e) {
            stops[i] = e;
            stopping.store(true);
        } catch (const Error& e) {
            // One unusable rank must not hide the others' results; the run still fails.
            log::error(fmt::format("{} Skipping {} comparison.", e.what(), rank_label(i)));
            skipped[i] = 1;
        }
        progress.advance();
    });
    for (const auto& stop : stops) {
        if (stop) throw *stop;
    }
    std::vector<std::size_t> skipped_ranks;
    for (std::size_t i = 0; i < count; ++i) {
        if (skipped[i]) skipped_ranks.push_back(i);
    }
    return skipped_ranks;
}

namespace {

std::mutex live_mutex;
std::size_t live_tables = 0;
std::size_t live_peak = 0;

}  // namespace

LiveRankTable::LiveRankTable() {
    const std::lock_guard lock(live_mutex);
    ++live_tables;
    if (live_tables > live_peak) live_peak = live_tables;
}

LiveRankTable::~LiveRankTable() {
    const std::lock_guard lock(live_mutex);
    --live_tables;
}

std::size_t LiveRankTable::peak() {
    const std::lock_guard lock(live_mutex);
    return live_peak;
}

void LiveRankTable::reset_peak() {
    const std::lock_guard lock(live_mutex);
    live_peak = live_tables;
}

}  // namespace msprobe::compare
