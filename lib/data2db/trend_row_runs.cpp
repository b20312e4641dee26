#include "data2db/trend_row_runs.hpp"

#include <algorithm>
#include <stdexcept>

#include "report/sqlite_sorted_table.hpp"

namespace msprobe::data2db {

TrendRowRuns::TrendRowRuns(std::size_t values, std::filesystem::path leaf_file, std::string shown_name,
                           std::uint32_t page_size)
    : values_(values),
      shown_name_(shown_name),
      page_size_(page_size),
      leaves_(std::move(leaf_file), std::move(shown_name), page_size) {}

TrendRowRuns::Rank& TrendRowRuns::rank_of(std::int64_t rank) {
    const auto at = std::lower_bound(ranks_.begin(), ranks_.end(), rank,
                                     [](const Rank& r, std::int64_t value) { return r.rank < value; });
    if (at != ranks_.end() && at->rank == rank) return *at;
    return *ranks_.insert(at, Rank{rank, report::SqliteLeafChain(page_size_, page_size_), std::nullopt});
}

void TrendRowRuns::add(const TrendRowKey& key, std::span<const std::optional<double>> values) {
    if (values.size() != values_) throw std::logic_error("a trend row needs one value per statistic");
    if (run_rank_ && *run_rank_ != key.rank) end_run();
    run_rank_ = key.rank;
    run_.push_back({key, static_cast<std::uint32_t>(run_.size()), static_cast<std::uint32_t>(run_values_.size())});
    run_values_.insert(run_values_.end(), values.begin(), values.end());
}

void TrendRowRuns::end_run() {
    if (!run_rank_) return;
    std::sort(run_.begin(), run_.end(),
              [](const Row& a, const Row& b) { return a.key != b.key ? a.key < b.key : a.order < b.order; });
    Rank& rank = rank_of(*run_rank_);
    if (rank.last && !(*rank.last < run_.front().key)) {
        throw std::logic_error("trend rows of rank " + std::to_string(rank.rank) + " come out of key order");
    }
    const auto write = [this](const std::vector<std::uint8_t>& page) { return leaves_.write(page); };
    const TrendRowKey* previous = nullptr;
    for (const Row& row : run_) {
        if (previous && *previous == row.key) continue;  // INSERT OR IGNORE keeps the first
        previous = &row.key;
        record_.clear();
        record_.integer(row.key.rank);
        record_.integer(row.key.step);
        record_.integer(row.key.target);
        record_.integer(row.key.metric);
        for (std::size_t v = 0; v < values_; ++v) {
            // As SQLite stores a double bound to a REAL column.
            if (const auto& value = run_values_[row.values + v]) {
                record_.real_affinity(*value);
            } else {
                record_.null();
            }
        }
        rank.chain.add(record_.bytes(), write);
        ++rows_;
    }
    if (previous) rank.last = *previous;
    run_.clear();
    run_values_.clear();
    run_rank_.reset();
}

void TrendRowRuns::write_into(const std::filesystem::path& database, std::int64_t root) {
    end_run();
    leaves_.join(database);
    if (rows_ == 0) return;
    report::SqliteSortedTableWriter table(database, shown_name_, root);
    for (const Rank& rank : ranks_) {
        table.add_chain(rank.chain, [this](std::uint32_t number) { return leaves_.page_of(number); });
    }
    table.finish();
}

}  // namespace msprobe::data2db
