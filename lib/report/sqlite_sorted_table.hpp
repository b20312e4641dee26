#pragma once
// Rows of one WITHOUT ROWID table written straight into a database file as its
// index b-tree, for tables of millions of rows that SQLite's INSERTs would take
// seconds to fill. The file is one SQLite has written and closed (SqliteOutput),
// where the table exists, is empty and has no other index; the rows come in
// strictly ascending primary-key order without duplicates (the caller's
// guarantee: they are not compared here). Pages follow the file format
// (https://www.sqlite.org/fileformat2.html): leaves filled in order and
// written as they fill to fresh pages after the file's last one, each full
// leaf giving up its last record as the divider in its parent (index b-trees
// keep every record once), the top page written over the table's empty root.
// The lock-byte page, should the table reach it, is left unused (zeros).
// Memory is one page per tree level and a write buffer, whatever the row count.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "report/background_write.hpp"
#include "report/sqlite_index_page.hpp"
#include "report/sqlite_leaf_chain.hpp"

namespace msprobe::report {

// The page holding the file's lock bytes (offset 2^30), which SQLite never uses.
std::uint32_t sqlite_lock_byte_page(std::uint32_t page_size);
// The page number after `page`, skipping the lock-byte page.
std::uint32_t sqlite_next_usable_page(std::uint32_t page, std::uint32_t page_size);

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

    // One row as a record (SqliteRecord), primary-key columns first in key
    // order. A record too large for an index page without overflow pages is
    // std::logic_error.
    void add(std::string_view record);
    // Joins chains built apart (SqliteLeafChain), in key order, each after the records added before it: their
    // written leaves are pages of this file already, numbered by `page_of` from their number in the page store
    // (see SqliteLeafFile); their end records share leaves with what stands beside them.
    void add_chain(const SqliteLeafChain& chain, const std::function<std::uint32_t(std::uint32_t)>& page_of);
    // Writes the upper levels and the root, then the database header's page
    // count and change counter.
    void finish();

    // The largest record add() takes: an index page's maximum local payload in this file.
    std::size_t max_record_size() const { return max_local_; }

private:
    void read_header(std::int64_t root_page);
    void push(std::size_t level, std::uint32_t left_child, std::string_view payload);
    // A divider between the leaf before it (the records added since the last divider, or a written leaf) and the
    // next.
    void add_divider(std::string_view record);
    std::uint32_t write_new_page(SqliteIndexPage& level, std::uint32_t right_child);
    void write_at(std::uint64_t offset, const std::uint8_t* data, std::size_t size) const;
    void read_at(std::uint64_t offset, std::uint8_t* data, std::size_t size) const;
    void flush();
    [[noreturn]] void fail(std::string_view what) const;

    std::string shown_name_;
    int fd_ = -1;
    std::uint32_t page_size_ = 0;
    std::uint32_t usable_size_ = 0;
    std::size_t max_local_ = 0;
    std::uint32_t root_page_ = 0;
    std::uint64_t original_size_ = 0;  // the file's size, restored when not finished
    std::uint32_t last_page_ = 0;      // the highest page number in use
    std::uint8_t header_[100] = {};
    std::uint8_t original_header_[100] = {};
    std::vector<std::uint8_t> original_root_;
    // [0] the leaf being filled, then one interior page per level; held by pointer so that a divider handed
    // up stays in place while a new level is added.
    std::vector<std::unique_ptr<SqliteIndexPage>> levels_;
    WriteBuffer chunk_;  // fresh pages not yet written, from chunk_first_page_ on
    // The chunk before, written by another thread while the next one fills.
    BackgroundWrite background_;
    std::uint32_t chunk_first_page_ = 0;
    std::size_t chunk_pages_ = 0;
    bool finished_ = false;
    std::uint32_t pending_leaf_ = 0;  // a written leaf that awaits the divider after it (0: none)
};

}  // namespace msprobe::report
