#pragma once
// Pages added after the last page of a database file SQLite has written and
// closed, to fill one b-tree whose root page is there and empty: the shared
// part of the writers that build a b-tree straight into the file
// (SqliteSortedTableWriter for index b-trees, SqliteRowidTableWriter for
// table b-trees). Fresh pages are gathered into 256 KiB chunks written by
// another thread; the root is written last, over the empty one, then the
// header's page count and change counter. The lock-byte page, should the file
// reach it, is left unused (zeros). Without a finish() that succeeded, the
// file is put back as it was. https://www.sqlite.org/fileformat2.html
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "report/background_write.hpp"

namespace msprobe::report {

// The page holding the file's lock bytes (offset 2^30), which SQLite never uses.
std::uint32_t sqlite_lock_byte_page(std::uint32_t page_size);
// The page number after `page`, skipping the lock-byte page.
std::uint32_t sqlite_next_usable_page(std::uint32_t page, std::uint32_t page_size);

class SqlitePageAppender {
public:
    // Errors reading or writing `path` name `shown_name`. A file SQLite could
    // not have left for this (not schema format 4, auto-vacuum, WAL, not UTF-8,
    // a root that is not an empty page of type `root_type`) is std::logic_error:
    // the caller made the file.
    SqlitePageAppender(const std::filesystem::path& path, std::string shown_name, std::int64_t root_page,
                       std::uint8_t root_type);
    ~SqlitePageAppender();
    SqlitePageAppender(const SqlitePageAppender&) = delete;
    SqlitePageAppender& operator=(const SqlitePageAppender&) = delete;

    std::uint32_t page_size() const { return page_size_; }
    std::uint32_t usable_size() const { return usable_size_; }

    // Writes `page` (page_size() bytes) as the next page of the file; returns its number.
    std::uint32_t append(const std::uint8_t* page);
    // Writes `payload` as a chain of overflow pages (each: the next page's number, then usable_size() - 4 bytes);
    // returns the first page's number.
    std::uint32_t append_overflow(std::string_view payload);
    // Writes the tree's top page over the root, then the header; closes the file.
    void finish(const std::uint8_t* root);

    [[noreturn]] void fail(std::string_view what) const;   // msprobe::Error with the system's reason
    [[noreturn]] void refuse(std::string_view why) const;  // std::logic_error naming the file

private:
    void read_header(std::int64_t root_page, std::uint8_t root_type);
    std::uint32_t next_page();
    void flush();
    void write_at(std::uint64_t offset, const std::uint8_t* data, std::size_t size) const;
    void read_at(std::uint64_t offset, std::uint8_t* data, std::size_t size) const;

    std::string shown_name_;
    int fd_ = -1;
    std::uint32_t page_size_ = 0;
    std::uint32_t usable_size_ = 0;
    std::uint32_t root_page_ = 0;
    std::uint64_t original_size_ = 0;  // the file's size, restored when not finished
    std::uint32_t last_page_ = 0;      // the highest page number in use
    std::uint8_t header_[100] = {};
    std::uint8_t original_header_[100] = {};
    std::vector<std::uint8_t> original_root_;
    WriteBuffer chunk_;  // fresh pages not yet written, from chunk_first_page_ on
    // The chunk before, written by another thread while the next one fills.
    BackgroundWrite background_;
    std::uint32_t chunk_first_page_ = 0;
    std::size_t chunk_pages_ = 0;
    bool finished_ = false;
};

}  // namespace msprobe::report
