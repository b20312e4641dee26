#pragma once
// One b-tree page of any kind being filled, as the file format lays it out
// (https://www.sqlite.org/fileformat2.html#b_tree_pages): cells packed from
// the end of the usable area downward, their 2-byte pointers after the page
// header (8 bytes on a leaf, 12 on an interior page, whose header ends with
// its right-most child). What a cell holds is the caller's: SqliteIndexPage
// for index b-trees, SqliteRowidTableWriter for table b-trees.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace msprobe::report {

// Big-endian integers of 1 to 4 bytes, as the file format writes them.
std::uint32_t sqlite_get_be(const std::uint8_t* at, int bytes);
void sqlite_put_be(std::uint8_t* at, std::uint32_t value, int bytes);

// The bytes of a `payload`-byte record kept on its page when it overflows: the file format's rule, with `max_local`
// the page kind's maxLocal (an index page's sqlite_index_max_payload, usable - 35 on a table leaf).
inline std::size_t sqlite_local_payload(std::size_t payload, std::size_t max_local, std::uint32_t usable_size) {
    const std::size_t min_local = (usable_size - 12) * 32 / 255 - 23;
    const std::size_t kept = min_local + (payload - min_local) % (usable_size - 4);
    return kept <= max_local ? kept : min_local;
}

class SqliteBtreePage {
public:
    SqliteBtreePage(bool interior, std::uint32_t page_size, std::uint32_t usable_size);

    bool interior() const { return interior_; }
    bool empty() const { return cells_ == 0; }
    std::uint32_t cells() const { return cells_; }
    // Whether a cell of `cell` bytes still fits (SQLite counts a cell as at least 4 bytes, the room of a freeblock).
    bool fits(std::size_t cell) const;
    // Room for a cell of `cell` bytes after the others; the caller writes them there (a short cell's pad is zeroed).
    std::uint8_t* append(std::size_t cell);
    // Takes the last cell appended out; its bytes stay where they are until the next append.
    void drop_last();
    // Cell `index` (0 first).
    const std::uint8_t* cell(std::uint32_t index) const;
    // Completes the header: page type, cell count, content start, the right-most child of an interior page;
    // bytes() is then the page.
    void seal(std::uint8_t type, std::uint32_t right_child);
    const std::vector<std::uint8_t>& bytes() const { return bytes_; }
    void reset();

private:
    bool interior_;
    std::uint32_t header_size_;
    std::uint32_t usable_;
    std::vector<std::uint8_t> bytes_;
    std::uint32_t cells_ = 0;
    std::uint32_t content_start_;
    std::uint32_t last_size_ = 0;  // the last cell's counted size
};

}  // namespace msprobe::report
