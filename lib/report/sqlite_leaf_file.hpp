#pragma once
// Leaf pages of a table written before the database they belong to is
// complete (SqliteLeafChain's full leaves, while SQLite still writes the other
// tables): numbered 0, 1, … in a file beside the database, a large buffer at a
// time by another thread, then joined to the database once SQLite has closed
// it. On file systems that insert a range into a file (ext4, XFS), the
// database's few pages are put in front of the leaves and that file becomes
// the database: the leaves are written once. Elsewhere they are copied after
// the database's pages (copy_file_range). Either way they become pages
// K + 1, K + 2, … of a K-page database, SQLite's lock-byte page left out.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "report/background_write.hpp"

namespace msprobe::report {

class SqliteLeafFile {
public:
    // Makes `path` (removed again unless joined); errors name `shown_name`.
    SqliteLeafFile(std::filesystem::path path, std::string shown_name, std::uint32_t page_size);
    ~SqliteLeafFile();
    SqliteLeafFile(const SqliteLeafFile&) = delete;
    SqliteLeafFile& operator=(const SqliteLeafFile&) = delete;

    // Appends a page; returns its number.
    std::uint32_t write(const std::vector<std::uint8_t>& page);
    std::uint32_t count() const { return count_; }

    // Puts the pages after those of `database` (an SQLite file, closed) and sets its header's page count to
    // cover them. `database` is then the whole file.
    void join(const std::filesystem::path& database);
    // The database page number of page `number` (after join).
    std::uint32_t page_of(std::uint32_t number) const;

private:
    void write_at(std::uint64_t offset, const std::uint8_t* data, std::size_t size) const;
    void flush();
    [[noreturn]] void fail(const std::string& what) const;

    std::filesystem::path path_;
    std::string shown_name_;
    std::uint32_t page_size_;
    int fd_ = -1;
    std::uint32_t count_ = 0;
    WriteBuffer chunk_;
    std::size_t chunk_pages_ = 0;
    BackgroundWrite background_;
    std::uint32_t first_page_ = 0;  // the database page of page 0, once joined
    std::uint32_t lock_page_ = 0;   // SQLite's lock-byte page
    bool joined_ = false;
};

}  // namespace msprobe::report
