#include "report/sqlite_btree_page.hpp"

#include <algorithm>
#include <stdexcept>

namespace msprobe::report {

namespace {

constexpr std::uint32_t kLeafHeader = 8;
constexpr std::uint32_t kInteriorHeader = 12;  // with the right-most child

// SQLite counts a cell as at least 4 bytes (the room a freeblock needs).
std::uint32_t counted(std::size_t cell) { return static_cast<std::uint32_t>(std::max<std::size_t>(cell, 4)); }

}  // namespace

std::uint32_t sqlite_get_be(const std::uint8_t* at, int bytes) {
    std::uint32_t value = 0;
    for (int i = 0; i < bytes; ++i) value = (value << 8) | at[i];
    return value;
}

void sqlite_put_be(std::uint8_t* at, std::uint32_t value, int bytes) {
    for (int i = bytes - 1; i >= 0; --i) {
        at[i] = static_cast<std::uint8_t>(value);
        value >>= 8;
    }
}

SqliteBtreePage::SqliteBtreePage(bool interior, std::uint32_t page_size, std::uint32_t usable_size)
    : interior_(interior),
      header_size_(interior ? kInteriorHeader : kLeafHeader),
      usable_(usable_size),
      bytes_(page_size, 0),
      content_start_(usable_size) {}

bool SqliteBtreePage::fits(std::size_t cell) const {
    return content_start_ - (header_size_ + 2 * cells_) >= counted(cell) + 2;
}

std::uint8_t* SqliteBtreePage::append(std::size_t cell) {
    const std::uint32_t size = counted(cell);
    content_start_ -= size;
    std::uint8_t* at = bytes_.data() + content_start_;
    std::fill(at + cell, at + size, std::uint8_t{0});  // a short cell's pad
    sqlite_put_be(bytes_.data() + header_size_ + 2 * cells_, content_start_, 2);
    ++cells_;
    last_size_ = size;
    return at;
}

void SqliteBtreePage::drop_last() {
    if (cells_ == 0 || last_size_ == 0) throw std::logic_error("SqliteBtreePage: no last cell to drop");
    --cells_;
    content_start_ += last_size_;
    last_size_ = 0;
}

const std::uint8_t* SqliteBtreePage::cell(std::uint32_t index) const {
    return bytes_.data() + sqlite_get_be(bytes_.data() + header_size_ + 2 * index, 2);
}

void SqliteBtreePage::seal(std::uint8_t type, std::uint32_t right_child) {
    std::uint8_t* header = bytes_.data();
    header[0] = type;
    sqlite_put_be(header + 1, 0, 2);                        // no freeblock
    sqlite_put_be(header + 3, cells_, 2);                   // cell count
    sqlite_put_be(header + 5, content_start_ & 0xffff, 2);  // 65536 is written 0
    header[7] = 0;                                          // no fragmented bytes
    if (interior_) sqlite_put_be(header + 8, right_child, 4);
    const std::uint32_t pointers_end = header_size_ + 2 * cells_;
    std::fill(bytes_.begin() + pointers_end, bytes_.begin() + content_start_, std::uint8_t{0});
}

void SqliteBtreePage::reset() {
    cells_ = 0;
    content_start_ = usable_;
    last_size_ = 0;
}

}  // namespace msprobe::report
