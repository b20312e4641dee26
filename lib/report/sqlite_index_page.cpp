#include "report/sqlite_index_page.hpp"

#include <algorithm>
#include <cstring>

#include "report/sqlite_record.hpp"

namespace msprobe::report {

namespace {

constexpr std::uint32_t kLeafHeader = 8;
constexpr std::uint32_t kInteriorHeader = 12;  // with the right-most child

// SQLite counts a cell as at least 4 bytes (the room a freeblock needs).
std::uint32_t cell_size(bool interior, std::size_t payload, std::size_t declared_size) {
    const auto size = static_cast<std::uint32_t>((interior ? 4 : 0) + sqlite_varint_size(declared_size) + payload);
    return std::max<std::uint32_t>(size, 4);
}

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

SqliteIndexPage::SqliteIndexPage(bool interior, std::uint32_t page_size, std::uint32_t usable_size)
    : interior_(interior),
      header_size_(interior ? kInteriorHeader : kLeafHeader),
      usable_(usable_size),
      page_(page_size, 0),
      content_start_(usable_size) {}

bool SqliteIndexPage::fits(std::size_t cell_payload, std::size_t declared_size) const {
    return content_start_ - (header_size_ + 2 * cells_) >= cell_size(interior_, cell_payload, declared_size) + 2;
}

void SqliteIndexPage::append(std::uint32_t left_child, std::string_view payload, std::size_t declared_size) {
    const std::uint32_t size = cell_size(interior_, payload.size(), declared_size);
    content_start_ -= size;
    std::uint8_t* at = page_.data() + content_start_;
    if (interior_) {
        sqlite_put_be(at, left_child, 4);
        at += 4;
    }
    at += put_sqlite_varint(at, declared_size);
    std::memcpy(at, payload.data(), payload.size());
    std::fill(at + payload.size(), page_.data() + content_start_ + size, std::uint8_t{0});  // a short cell's pad
    sqlite_put_be(page_.data() + header_size_ + 2 * cells_, content_start_, 2);
    ++cells_;
    last_child_ = left_child;
    last_payload_ = static_cast<std::uint32_t>(at - page_.data());
    last_payload_size_ = static_cast<std::uint32_t>(payload.size());
    last_size_ = size;
    last_declared_size_ = declared_size;
}

void SqliteIndexPage::pop_last() {
    divider_.assign(reinterpret_cast<const char*>(page_.data()) + last_payload_, last_payload_size_);
    divider_child_ = last_child_;
    divider_size_ = last_declared_size_;
    --cells_;
    content_start_ += last_size_;
}

std::string_view SqliteIndexPage::payload(std::uint32_t index) const {
    const std::uint8_t* cell = page_.data() + sqlite_get_be(page_.data() + header_size_ + 2 * index, 2);
    if (interior_) cell += 4;
    const std::uint8_t* const end = page_.data() + page_.size();
    const auto size = static_cast<std::size_t>(take_sqlite_varint(cell, end));
    return {reinterpret_cast<const char*>(cell), size};
}

void SqliteIndexPage::seal(std::uint32_t right_child) {
    std::uint8_t* header = page_.data();
    header[0] = interior_ ? kSqliteIndexInterior : kSqliteIndexLeaf;
    sqlite_put_be(header + 1, 0, 2);                        // no freeblock
    sqlite_put_be(header + 3, cells_, 2);                   // cell count
    sqlite_put_be(header + 5, content_start_ & 0xffff, 2);  // 65536 is written 0
    header[7] = 0;                                          // no fragmented bytes
    if (interior_) sqlite_put_be(header + 8, right_child, 4);
    const std::uint32_t pointers_end = header_size_ + 2 * cells_;
    std::fill(page_.begin() + pointers_end, page_.begin() + content_start_, std::uint8_t{0});
}

void SqliteIndexPage::reset() {
    cells_ = 0;
    content_start_ = usable_;
}

}  // namespace msprobe::report
