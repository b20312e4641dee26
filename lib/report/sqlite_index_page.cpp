#include "report/sqlite_index_page.hpp"

#include <cstring>

#include "report/sqlite_record.hpp"

namespace msprobe::report {

namespace {

std::size_t cell_size(bool interior, std::size_t payload, std::size_t declared_size) {
    return (interior ? 4 : 0) + sqlite_varint_size(declared_size) + payload;
}

}  // namespace

SqliteIndexPage::SqliteIndexPage(bool interior, std::uint32_t page_size, std::uint32_t usable_size)
    : page_(interior, page_size, usable_size) {}

bool SqliteIndexPage::fits(std::size_t cell_payload, std::size_t declared_size) const {
    return page_.fits(cell_size(page_.interior(), cell_payload, declared_size));
}

void SqliteIndexPage::append(std::uint32_t left_child, std::string_view payload, std::size_t declared_size) {
    std::uint8_t* const cell = page_.append(cell_size(page_.interior(), payload.size(), declared_size));
    std::uint8_t* at = cell;
    if (page_.interior()) {
        sqlite_put_be(at, left_child, 4);
        at += 4;
    }
    at += put_sqlite_varint(at, declared_size);
    std::memcpy(at, payload.data(), payload.size());
    last_child_ = left_child;
    last_payload_offset_ = static_cast<std::uint32_t>(at - cell);
    last_payload_size_ = static_cast<std::uint32_t>(payload.size());
    last_declared_size_ = declared_size;
}

void SqliteIndexPage::pop_last() {
    const std::uint8_t* cell = page_.cell(page_.cells() - 1);
    divider_.assign(reinterpret_cast<const char*>(cell) + last_payload_offset_, last_payload_size_);
    divider_child_ = last_child_;
    divider_size_ = last_declared_size_;
    page_.drop_last();
}

std::string_view SqliteIndexPage::payload(std::uint32_t index) const {
    const std::uint8_t* cell = page_.cell(index);
    if (page_.interior()) cell += 4;
    const std::uint8_t* const end = page_.bytes().data() + page_.bytes().size();
    const auto size = static_cast<std::size_t>(take_sqlite_varint(cell, end));
    return {reinterpret_cast<const char*>(cell), size};
}

void SqliteIndexPage::seal(std::uint32_t right_child) {
    page_.seal(page_.interior() ? kSqliteIndexInterior : kSqliteIndexLeaf, right_child);
}

}  // namespace msprobe::report
