#pragma once
// The rows of a trend table gathered over a whole import and written as the
// table's b-tree: SQLite's own INSERTs, row by row into a table of millions,
// take far longer. Rows come a file at a time and one rank at a time; the rows
// of one rank added together (a file, or files of the same rank and step one
// after the other) are a run, sorted when it closes with the first row of a key
// kept, as INSERT OR IGNORE keeps it. Each rank's runs follow one another in
// key order (each starts at steps after the last's), so a rank's rows become a
// chain of leaf pages as they come (report::SqliteLeafChain), written at once
// to a file beside the database; write_into joins the chains, ranks ascending,
// into the table once SQLite has closed the file. Memory: a run's rows, and
// two pages and a divider per written leaf for each rank.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "report/sqlite_leaf_chain.hpp"
#include "report/sqlite_leaf_file.hpp"
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
    // Rows of `values` statistics; their leaves of `page_size` bytes go to `leaf_file` until written into the
    // database (errors name `shown_name`).
    TrendRowRuns(std::size_t values, std::filesystem::path leaf_file, std::string shown_name, std::uint32_t page_size);

    void add(const TrendRowKey& key, std::span<const std::optional<double>> values);
    // Closes the open run (add closes it when the rank changes). A run that starts at or before where its rank's
    // last one ended is std::logic_error: the import's order rules it out.
    void end_run();
    std::uint64_t size() const { return rows_; }

    // Writes every row into the table whose root page is `root` of `database` (closed by SQLite, the table empty).
    void write_into(const std::filesystem::path& database, std::int64_t root);

private:
    struct Rank {
        std::int64_t rank = 0;
        report::SqliteLeafChain chain;
        std::optional<TrendRowKey> last;  // the key its last run ended with
    };
    struct Row {
        TrendRowKey key;
        std::uint32_t order = 0;   // place in the run, for a stable sort
        std::uint32_t values = 0;  // index of its first value in run_values_
    };

    Rank& rank_of(std::int64_t rank);

    std::size_t values_;
    std::string shown_name_;
    std::uint32_t page_size_;
    report::SqliteLeafFile leaves_;
    std::vector<Rank> ranks_;
    std::optional<std::int64_t> run_rank_;
    std::vector<Row> run_;
    std::vector<std::optional<double>> run_values_;
    report::SqliteRecord record_;
    std::uint64_t rows_ = 0;
};

}  // namespace msprobe::data2db
