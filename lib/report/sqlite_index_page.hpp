#pragma once
// One page of an index b-tree (how SQLite stores a WITHOUT ROWID table, or a
// table's index) being filled (SqliteBtreePage), its cells a record's size
// and its local bytes, after the left child on an interior page
// (https://www.sqlite.org/fileformat2.html#b_tree_pages). A full page gives up
// its last cell as the divider above it; SqliteSortedTableWriter builds a
// tree of these, SqliteLeafChain a run of leaves.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "report/sqlite_btree_page.hpp"

namespace msprobe::report {

inline constexpr std::uint8_t kSqliteIndexInterior = 0x02;
inline constexpr std::uint8_t kSqliteIndexLeaf = 0x0a;

// The largest payload a cell of an index page holds without overflow pages (the file format's maxLocal).
inline std::size_t sqlite_index_max_payload(std::uint32_t usable_size) { return (usable_size - 12) * 64 / 255 - 23; }
class SqliteIndexPage {
public:
    SqliteIndexPage(bool interior, std::uint32_t page_size, std::uint32_t usable_size);

    bool interior() const { return page_.interior(); }
    bool empty() const { return page_.empty(); }
    std::uint32_t cells() const { return page_.cells(); }
    // Whether a cell of `payload` bytes still fits.
    bool fits(std::size_t payload) const { return fits(payload, payload); }
    void append(std::uint32_t left_child, std::string_view payload) { append(left_child, payload, payload.size()); }
    // A cell of a record of `declared_size` bytes whose local part (and the number of its first overflow page,
    // when the record overflows) is `cell_payload`.
    bool fits(std::size_t cell_payload, std::size_t declared_size) const;
    void append(std::uint32_t left_child, std::string_view cell_payload, std::size_t declared_size);
    // Takes the last cell out as the divider this page hands up (divider(), divider_child()).
    void pop_last();
    const std::string& divider() const { return divider_; }     // its cell payload
    std::size_t divider_size() const { return divider_size_; }  // its record's declared size
    std::uint32_t divider_child() const { return divider_child_; }
    // The payload of cell `index` (0 first).
    std::string_view payload(std::uint32_t index) const;
    // Completes the header (and the right-most child of an interior page); page() is then the page's bytes.
    void seal(std::uint32_t right_child);
    const std::vector<std::uint8_t>& page() const { return page_.bytes(); }
    void reset() { page_.reset(); }

private:
    SqliteBtreePage page_;
    std::uint32_t last_child_ = 0;
    std::uint32_t last_payload_offset_ = 0;  // in the last cell
    std::uint32_t last_payload_size_ = 0;
    std::size_t last_declared_size_ = 0;
    std::string divider_;
    std::size_t divider_size_ = 0;
    std::uint32_t divider_child_ = 0;
};

}  // namespace msprobe::report
