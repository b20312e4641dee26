#include "data2db/trend_row_runs.hpp"

#include <algorithm>
#include <stdexcept>
#include <variant>

namespace msprobe::data2db {

namespace {

// A record in the spill: its size as a varint, then its bytes.
std::string_view take_record(const char*& at, const char* end) {
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(at);
    const auto size =
        static_cast<std::size_t>(report::take_sqlite_varint(bytes, reinterpret_cast<const std::uint8_t*>(end)));
    at = reinterpret_cast<const char*>(bytes);
    if (static_cast<std::size_t>(end - at) < size) throw std::logic_error("a trend row spill ends inside a row");
    const std::string_view record(at, size);
    at += size;
    return record;
}

}  // namespace

TrendRowRuns::TrendRowRuns(std::size_t values) : values_(values), spill_("the trend rows of a database") {
    if (values_ > 64) throw std::logic_error("a trend row holds at most 64 statistics");
}

TrendRowRuns::Rank& TrendRowRuns::rank_of(std::int64_t rank) {
    const auto at = std::lower_bound(ranks_.begin(), ranks_.end(), rank,
                                     [](const Rank& r, std::int64_t value) { return r.rank < value; });
    if (at != ranks_.end() && at->rank == rank) return *at;
    return *ranks_.insert(at, Rank{rank, {}, std::nullopt});
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
    if (rank.last && !(*rank.last < run_.front().key)) sorted_ = false;
    bytes_.clear();
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
            if (const auto& value = run_values_[row.values + v]) {
                record_.real_affinity(*value);
            } else {
                record_.null();
            }
        }
        const std::string_view bytes = record_.bytes();
        std::uint8_t size[report::kSqliteVarintMax];
        bytes_.append(reinterpret_cast<const char*>(size), report::put_sqlite_varint(size, bytes.size()));
        bytes_.append(bytes);
        ++rows_;
    }
    rank.last = previous ? std::optional(*previous) : rank.last;
    const std::uint64_t begin = spill_.size();
    rank.runs.emplace_back(begin, spill_.append(bytes_));
    run_.clear();
    run_values_.clear();
    run_rank_.reset();
}

void TrendRowRuns::for_each_record(const std::function<void(std::string_view)>& record) {
    end_run();
    const std::string_view spilled = spill_.mapped();
    for (const Rank& rank : ranks_) {
        for (const auto& [begin, end] : rank.runs) {
            const char* at = spilled.data() + begin;
            const char* const stop = spilled.data() + end;
            while (at < stop) record(take_record(at, stop));
            spill_.release(begin, end);
        }
    }
}

void TrendRowRuns::for_each(
    const std::function<void(const TrendRowKey&, std::span<const std::optional<double>>)>& row) {
    std::vector<report::SqliteValue> fields;
    std::vector<std::optional<double>> values(values_);
    const auto integer = [&](std::size_t i) { return std::get<std::int64_t>(fields.at(i)); };
    for_each_record([&](std::string_view record) {
        report::read_sqlite_record(record, fields);
        const TrendRowKey key{integer(0), integer(1), integer(2), integer(3)};
        for (std::size_t v = 0; v < values_; ++v) {
            const auto& field = fields.at(4 + v);
            if (const auto* number = std::get_if<double>(&field)) {
                values[v] = *number;
            } else if (const auto* whole = std::get_if<std::int64_t>(&field)) {
                values[v] = static_cast<double>(*whole);
            } else {
                values[v] = std::nullopt;
            }
        }
        row(key, values);
    });
}

}  // namespace msprobe::data2db
