#pragma once
// Records of one index b-tree (a WITHOUT ROWID table, or an index of a table)
// written straight into a database file, for millions of rows that SQLite's
// INSERTs or CREATE INDEX would take seconds to fill. The file is one SQLite
// has written and closed (SqliteOutput), where the tree exists and is empty;
// the records come in strictly ascending key order without duplicates (the
// caller's guarantee: they are not compared here). Pages follow the file
// format (https://www.sqlite.org/fileformat2.html): leaves filled in order and
// written as they fill to fresh pages after the file's last one
// (SqlitePageAppender), each full leaf giving up its last record as the
// divider in its parent (index b-trees keep every record once), the top page
// written over the tree's empty root. A record too large for a page keeps its
// tail in overflow pages. Memory is one page per tree level and a write
// buffer, whatever the row count.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "report/sqlite_index_page.hpp"
#include "report/sqlite_leaf_chain.hpp"
#include "report/sqlite_page_appender.hpp"

namespace msprobe::report {

class SqliteSortedTableWriter {
public:
    // Errors reading or writing `path` name `shown_name`. A file SQLite could
    // not have left for this (not schema format 4, auto-vacuum, WAL, not UTF-8,
    // a non-empty root) is std::logic_error: the caller made the file.
    SqliteSortedTableWriter(std::filesystem::path path, std::string shown_name, std::int64_t root_page);
    // Without a finish() that succeeded, the file is put back as it was.
    ~SqliteSortedTableWriter();
    SqliteSortedTableWriter(const SqliteSortedTableWriter&) = delete;
    SqliteSortedTableWriter& operator=(const SqliteSortedTableWriter&) = delete;

    // One row as a record (SqliteRecord), key columns first in key order.
    void add(std::string_view record);
    // Joins chains built apart (SqliteLeafChain), in key order, each after the records added before it: their
    // written leaves are pages of this file already, numbered by `page_of` from their number in the page store
    // (see SqliteLeafFile); their end records share leaves with what stands beside them.
    void add_chain(const SqliteLeafChain& chain, const std::function<std::uint32_t(std::uint32_t)>& page_of);
    // Writes the upper levels and the root, then the database header's page
    // count and change counter.
    void finish();

    // The largest record kept whole on a page (larger ones overflow): an index page's maximum local payload.
    std::size_t max_record_size() const { return max_local_; }

private:
    void push(std::size_t level, std::uint32_t left_child, std::string_view payload, std::size_t declared_size);
    // A divider between the leaf before it (the records added since the last divider, or a written leaf) and the
    // next.
    void add_divider(std::string_view record);
    std::uint32_t write_new_page(SqliteIndexPage& level, std::uint32_t right_child);

    SqlitePageAppender file_;
    std::size_t max_local_ = 0;
    std::string cell_;  // an overflowing record's local part and first overflow page
    // [0] the leaf being filled, then one interior page per level; held by pointer so that a divider handed
    // up stays in place while a new level is added.
    std::vector<std::unique_ptr<SqliteIndexPage>> levels_;
    bool finished_ = false;
    std::uint32_t pending_leaf_ = 0;  // a written leaf that awaits the divider after it (0: none)
};

}  // namespace msprobe::report
