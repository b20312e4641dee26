#pragma once
// Rows of one rowid table written straight into a database file as its table
// b-tree, for tables of hundreds of MB that SQLite's INSERTs fill at a fraction
// of the disk's speed. The file is one SQLite has written and closed
// (SqliteOutput), where the table exists and is empty; the rows come in
// strictly ascending rowid order (the caller's guarantee). Leaves are filled in
// order and written as they fill (SqlitePageAppender); each written page
// becomes a child in the level above, keyed by its largest rowid; a row too
// large for a leaf keeps its tail in overflow pages. The table's indexes are
// the caller's to fill (SqliteSortedTableWriter). Memory is one page per tree
// level and a write buffer, whatever the row count.
// https://www.sqlite.org/fileformat2.html#b_tree_pages
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "report/sqlite_btree_page.hpp"
#include "report/sqlite_page_appender.hpp"

namespace msprobe::report {

class SqliteRowidTableWriter {
public:
    // Errors reading or writing `path` name `shown_name`; a file SQLite could not have left for this, or a root
    // that is not an empty table leaf, is std::logic_error.
    SqliteRowidTableWriter(const std::filesystem::path& path, std::string shown_name, std::int64_t root_page);
    // Without a finish() that succeeded, the file is put back as it was.
    ~SqliteRowidTableWriter();
    SqliteRowidTableWriter(const SqliteRowidTableWriter&) = delete;
    SqliteRowidTableWriter& operator=(const SqliteRowidTableWriter&) = delete;

    // One row as a record (SqliteRecord), its rowid above the last one's.
    void add(std::int64_t rowid, std::string_view record);
    // Writes the upper levels and the root, then the database header.
    void finish();

private:
    // An interior level: its page, and the child that is not a cell yet (the page's right-most child, or the first
    // cell of the next page).
    struct Level {
        SqliteBtreePage page;
        std::uint32_t pending_child = 0;
        std::int64_t pending_key = 0;
    };

    void add_child(std::size_t level, std::uint32_t child, std::int64_t key);
    std::uint32_t write_leaf();

    SqlitePageAppender file_;
    std::size_t max_local_;
    SqliteBtreePage leaf_;
    std::int64_t last_rowid_ = 0;
    bool any_row_ = false;
    std::vector<Level> levels_;  // [0] the level above the leaves
    bool finished_ = false;
};

}  // namespace msprobe::report
