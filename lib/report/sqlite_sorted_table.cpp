#include "report/sqlite_sorted_table.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "common/error.hpp"
#include "report/sqlite_record.hpp"

namespace msprobe::report {

namespace {

constexpr std::uint64_t kLockByteOffset = 1073741824;  // SQLite's PENDING_BYTE
constexpr std::uint8_t kIndexInterior = 0x02;
constexpr std::uint8_t kIndexLeaf = 0x0a;
constexpr std::uint32_t kLeafHeader = 8;
constexpr std::uint32_t kInteriorHeader = 12;  // with the right-most child
constexpr std::uint32_t kLastPageNumber = 0xfffffffe;
constexpr std::size_t kChunkBytes = std::size_t{4} << 20;

std::uint32_t get_be(const std::uint8_t* at, int bytes) {
    std::uint32_t value = 0;
    for (int i = 0; i < bytes; ++i) value = (value << 8) | at[i];
    return value;
}

void put_be(std::uint8_t* at, std::uint32_t value, int bytes) {
    for (int i = bytes - 1; i >= 0; --i) {
        at[i] = static_cast<std::uint8_t>(value);
        value >>= 8;
    }
}

// SQLite counts a cell as at least 4 bytes (the room a freeblock needs).
std::uint32_t cell_size(bool interior, std::size_t payload) {
    const auto size = static_cast<std::uint32_t>((interior ? 4 : 0) + sqlite_varint_size(payload) + payload);
    return std::max<std::uint32_t>(size, 4);
}

[[noreturn]] void refuse(const std::string& shown_name, std::string_view why) {
    throw std::logic_error(fmt::format("{}: {}", shown_name, why));
}

}  // namespace

std::uint32_t sqlite_lock_byte_page(std::uint32_t page_size) {
    return static_cast<std::uint32_t>(kLockByteOffset / page_size + 1);
}

std::uint32_t sqlite_next_usable_page(std::uint32_t page, std::uint32_t page_size) {
    const std::uint32_t next = page + 1;
    return next == sqlite_lock_byte_page(page_size) ? next + 1 : next;
}

// The page being filled on one level: cells packed from the end of the usable
// area downward, their pointers after the page header.
struct SqliteSortedTableWriter::Level {
    Level(bool interior_page, std::uint32_t page_size, std::uint32_t usable_size)
        : interior(interior_page),
          header_size(interior_page ? kInteriorHeader : kLeafHeader),
          usable(usable_size),
          page(page_size, 0),
          content_start(usable_size) {}

    bool fits(std::uint32_t size) const { return content_start - (header_size + 2 * cells) >= size + 2; }

    void append(std::uint32_t left_child, std::string_view payload) {
        const std::uint32_t size = cell_size(interior, payload.size());
        content_start -= size;
        std::uint8_t* at = page.data() + content_start;
        if (interior) {
            put_be(at, left_child, 4);
            at += 4;
        }
        at += put_sqlite_varint(at, payload.size());
        std::memcpy(at, payload.data(), payload.size());
        std::fill(at + payload.size(), page.data() + content_start + size, std::uint8_t{0});  // a short cell's pad
        put_be(page.data() + header_size + 2 * cells, content_start, 2);
        ++cells;
        last_child = left_child;
        last_payload = static_cast<std::uint32_t>(at - page.data());
        last_payload_size = static_cast<std::uint32_t>(payload.size());
        last_size = size;
    }

    // Takes the last cell out as the divider this page hands up.
    void pop_last() {
        divider.assign(reinterpret_cast<const char*>(page.data()) + last_payload, last_payload_size);
        divider_child = last_child;
        --cells;
        content_start += last_size;
    }

    // Completes the header (and the right-most child of an interior page).
    void seal(std::uint32_t right_child) {
        std::uint8_t* header = page.data();
        header[0] = interior ? kIndexInterior : kIndexLeaf;
        put_be(header + 1, 0, 2);                       // no freeblock
        put_be(header + 3, cells, 2);                   // cell count
        put_be(header + 5, content_start & 0xffff, 2);  // 65536 is written 0
        header[7] = 0;                                  // no fragmented bytes
        if (interior) put_be(header + 8, right_child, 4);
        const std::uint32_t pointers_end = header_size + 2 * cells;
        std::fill(page.begin() + pointers_end, page.begin() + content_start, std::uint8_t{0});
    }

    void reset() {
        cells = 0;
        content_start = usable;
    }

    bool interior;
    std::uint32_t header_size;
    std::uint32_t usable;
    std::vector<std::uint8_t> page;
    std::uint32_t cells = 0;
    std::uint32_t content_start;
    std::uint32_t last_child = 0;
    std::uint32_t last_payload = 0;
    std::uint32_t last_payload_size = 0;
    std::uint32_t last_size = 0;
    std::string divider;
    std::uint32_t divider_child = 0;
};

SqliteSortedTableWriter::SqliteSortedTableWriter(std::filesystem::path path, std::string shown_name,
                                                 std::int64_t root_page)
    : shown_name_(std::move(shown_name)) {
    fd_ = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
    if (fd_ < 0) fail("cannot open the database");
    try {
        read_header(root_page);
    } catch (...) {
        ::close(fd_);
        throw;
    }
    levels_.push_back(std::make_unique<Level>(false, page_size_, usable_size_));
    chunk_.resize(std::max<std::size_t>(kChunkBytes / page_size_, 1) * page_size_);
}

void SqliteSortedTableWriter::read_header(std::int64_t root_page) {
    struct stat status {};
    if (::fstat(fd_, &status) != 0) fail("cannot read the database");
    original_size_ = static_cast<std::uint64_t>(status.st_size);
    if (original_size_ < sizeof header_) refuse(shown_name_, "not an SQLite database");
    read_at(0, header_, sizeof header_);
    if (std::memcmp(header_, "SQLite format 3", 16) != 0) refuse(shown_name_, "not an SQLite database");
    std::memcpy(original_header_, header_, sizeof header_);

    page_size_ = get_be(header_ + 16, 2);
    if (page_size_ == 1) page_size_ = 65536;
    if (page_size_ < 512 || page_size_ > 65536 || (page_size_ & (page_size_ - 1)) != 0) {
        refuse(shown_name_, "invalid page size");
    }
    if (header_[18] != 1 || header_[19] != 1) refuse(shown_name_, "the database is in WAL mode");
    usable_size_ = page_size_ - header_[20];
    if (usable_size_ < 480) refuse(shown_name_, "too many reserved bytes per page");
    if (get_be(header_ + 44, 4) != 4) refuse(shown_name_, "schema format is not 4");
    if (get_be(header_ + 52, 4) != 0) refuse(shown_name_, "the database uses auto-vacuum");
    if (get_be(header_ + 56, 4) != 1) refuse(shown_name_, "the database text encoding is not UTF-8");

    // The header's page count holds when written by the same change as the version-valid-for number.
    const std::uint32_t header_pages = get_be(header_ + 28, 4);
    const bool header_count_valid = header_pages != 0 && get_be(header_ + 24, 4) == get_be(header_ + 92, 4);
    last_page_ = header_count_valid ? header_pages : static_cast<std::uint32_t>(original_size_ / page_size_);

    if (root_page < 2 || root_page > last_page_ || root_page == sqlite_lock_byte_page(page_size_)) {
        refuse(shown_name_, fmt::format("no root page {}", root_page));
    }
    root_page_ = static_cast<std::uint32_t>(root_page);
    original_root_.resize(page_size_);
    read_at(std::uint64_t{root_page_ - 1} * page_size_, original_root_.data(), page_size_);
    if (original_root_[0] != kIndexLeaf || get_be(original_root_.data() + 3, 2) != 0) {
        refuse(shown_name_, fmt::format("root page {} is not an empty index b-tree", root_page));
    }

    max_local_ = (usable_size_ - 12) * 64 / 255 - 23;
}

SqliteSortedTableWriter::~SqliteSortedTableWriter() {
    if (written_.valid()) written_.wait();
    if (fd_ < 0) return;
    // Unfinished (an error, or no finish()): the root and header as they were, the new pages cut off.
    if (!finished_) {
        (void)::pwrite(fd_, original_root_.data(), page_size_, static_cast<off_t>(root_page_ - 1) * page_size_);
        (void)::pwrite(fd_, original_header_, sizeof original_header_, 0);
        (void)::ftruncate(fd_, static_cast<off_t>(original_size_));
    }
    ::close(fd_);
}

void SqliteSortedTableWriter::add(std::string_view record) {
    if (finished_) throw std::logic_error("SqliteSortedTableWriter::add after finish");
    if (record.size() > max_local_) {
        refuse(shown_name_, fmt::format("a record of {} bytes needs overflow pages (at most {} without)", record.size(),
                                        max_local_));
    }
    push(0, 0, record);
}

// A full page gives up its last cell as the divider above it (its left child
// becoming the page's right-most child), and the incoming cell starts the next
// page: every page keeps at least one cell, every record appears once.
void SqliteSortedTableWriter::push(std::size_t level_index, std::uint32_t left_child, std::string_view payload) {
    if (level_index == levels_.size()) levels_.push_back(std::make_unique<Level>(true, page_size_, usable_size_));
    Level& level = *levels_[level_index];
    if (level.fits(cell_size(level.interior, payload.size()))) {
        level.append(left_child, payload);
        return;
    }
    level.pop_last();
    const std::uint32_t written = write_new_page(level, level.divider_child);
    level.append(left_child, payload);
    push(level_index + 1, written, level.divider);
}

std::uint32_t SqliteSortedTableWriter::write_new_page(Level& level, std::uint32_t right_child) {
    const std::uint32_t page = sqlite_next_usable_page(last_page_, page_size_);
    if (page > kLastPageNumber || page < last_page_) refuse(shown_name_, "the database has too many pages");
    level.seal(right_child);
    for (std::uint32_t number = last_page_ + 1; number <= page; ++number) {
        if (chunk_pages_ == 0) chunk_first_page_ = number;
        std::uint8_t* at = chunk_.data() + chunk_pages_ * page_size_;
        // The lock-byte page is never read by SQLite; zeros keep the file without a hole.
        if (number == page) {
            std::memcpy(at, level.page.data(), page_size_);
        } else {
            std::memset(at, 0, page_size_);
        }
        if (++chunk_pages_ * page_size_ == chunk_.size()) flush();
    }
    last_page_ = page;
    level.reset();
    return page;
}

void SqliteSortedTableWriter::flush() {
    if (chunk_pages_ == 0) return;
    if (written_.valid()) written_.get();  // its error, if any, is this one's
    std::swap(chunk_, writing_);
    if (chunk_.size() != writing_.size()) chunk_.resize(writing_.size());
    const std::uint64_t offset = std::uint64_t{chunk_first_page_ - 1} * page_size_;
    const std::size_t size = chunk_pages_ * page_size_;
    chunk_pages_ = 0;
    written_ = std::async(std::launch::async, [this, offset, size] { write_at(offset, writing_.data(), size); });
}

void SqliteSortedTableWriter::finish() {
    if (finished_) throw std::logic_error("SqliteSortedTableWriter::finish twice");
    // Each level's last page becomes the right-most child of the page above; the top page is the root.
    std::uint32_t child = 0;
    for (std::size_t index = 0; index + 1 < levels_.size(); ++index) child = write_new_page(*levels_[index], child);
    Level& top = *levels_.back();
    top.seal(child);
    flush();
    if (written_.valid()) written_.get();
    write_at(std::uint64_t{root_page_ - 1} * page_size_, top.page.data(), page_size_);

    const std::uint32_t change = get_be(header_ + 24, 4) + 1;
    put_be(header_ + 24, change, 4);
    put_be(header_ + 28, last_page_, 4);
    put_be(header_ + 92, change, 4);
    write_at(0, header_, sizeof header_);
    finished_ = true;
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) fail("cannot write the database");
}

void SqliteSortedTableWriter::write_at(std::uint64_t offset, const std::uint8_t* data, std::size_t size) const {
    while (size > 0) {
        const ssize_t written = ::pwrite(fd_, data, size, static_cast<off_t>(offset));
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) {
            if (written == 0) errno = ENOSPC;
            fail("cannot write the database");
        }
        data += written;
        offset += static_cast<std::uint64_t>(written);
        size -= static_cast<std::size_t>(written);
    }
}

void SqliteSortedTableWriter::read_at(std::uint64_t offset, std::uint8_t* data, std::size_t size) const {
    while (size > 0) {
        const ssize_t got = ::pread(fd_, data, size, static_cast<off_t>(offset));
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) fail("cannot read the database");
        if (got == 0) refuse(shown_name_, "the database file is shorter than its pages");
        data += got;
        offset += static_cast<std::uint64_t>(got);
        size -= static_cast<std::size_t>(got);
    }
}

void SqliteSortedTableWriter::fail(std::string_view what) const {
    throw Error(shown_name_, fmt::format("{}: {}", what, std::strerror(errno)));
}

}  // namespace msprobe::report
