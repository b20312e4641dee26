#pragma once
// The rows of a trend table gathered over a whole import, held on disk
// (SpillFile, as the table's own records) until the database is written, and handed back rank by rank in
// key order, the order a table's b-tree is built in (SqliteSortedTableWriter):
// SQLite's own INSERTs, row by row into a table of millions, take far longer.
// Rows come a file at a time and one rank at a time; the rows of one rank
// added together (a file, or files of the same rank one after the other) are
// a run, sorted when it closes with the first row of a key kept, as INSERT OR
// IGNORE keeps it. A rank's runs come one after another in key order when
// each starts at steps after the last's; otherwise sorted() says so and the
// rows come back in the order they came (to be inserted the slow way).
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/spill_file.hpp"
#include "report/sqlite_record.hpp"

namespace msprobe::data2db {

struct TrendRowKey {
    std::int64_t rank = 0;
    std::int64_t step = 0;
    std::int64_t target = 0;
    std::int64_t metric = 0;
    auto operator<=>(const TrendRowKey&) const = default;
};

class TrendRowRuns {
public:
    // Every row holds `values` statistics.
    explicit TrendRowRuns(std::size_t values);

    void add(const TrendRowKey& key, std::span<const std::optional<double>> values);
    // Closes the open run (add closes it when the rank changes).
    void end_run();

    // Whether every rank's rows come back in key order, with no key twice.
    bool sorted() const { return sorted_; }
    std::uint64_t size() const { return rows_; }

    // Each row, ranks ascending; within a rank, run after run. Closes the open run first.
    void for_each(const std::function<void(const TrendRowKey&, std::span<const std::optional<double>>)>& row);
    // The same rows as the records of a table whose columns are the key's, then the values (REAL: stored as
    // SQLite's INSERT stores a double bound to a REAL column).
    void for_each_record(const std::function<void(std::string_view)>& record);

private:
    struct Rank {
        std::int64_t rank = 0;
        std::vector<std::pair<std::uint64_t, std::uint64_t>> runs;  // byte ranges of the spill
        std::optional<TrendRowKey> last;                            // the key its last run ended with
    };
    struct Row {
        TrendRowKey key;
        std::uint32_t order = 0;   // place in the run, for a stable sort
        std::uint32_t values = 0;  // index of its first value in run_values_
    };

    Rank& rank_of(std::int64_t rank);

    std::size_t values_;
    SpillFile spill_;
    std::vector<Rank> ranks_;
    std::optional<std::int64_t> run_rank_;
    std::vector<Row> run_;
    std::vector<std::optional<double>> run_values_;
    report::SqliteRecord record_;
    std::string bytes_;
    std::uint64_t rows_ = 0;
    bool sorted_ = true;
};

}  // namespace msprobe::data2db
