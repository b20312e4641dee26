#include "report/sqlite_page_appender.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "report/sqlite_btree_page.hpp"

namespace msprobe::report {

namespace {

constexpr std::uint64_t kLockByteOffset = 1073741824;  // SQLite's PENDING_BYTE
constexpr std::uint32_t kLastPageNumber = 0xfffffffe;
constexpr std::size_t kChunkBytes = std::size_t{256} << 10;

}  // namespace

std::uint32_t sqlite_lock_byte_page(std::uint32_t page_size) {
    return static_cast<std::uint32_t>(kLockByteOffset / page_size + 1);
}

std::uint32_t sqlite_next_usable_page(std::uint32_t page, std::uint32_t page_size) {
    const std::uint32_t next = page + 1;
    return next == sqlite_lock_byte_page(page_size) ? next + 1 : next;
}

SqlitePageAppender::SqlitePageAppender(const std::filesystem::path& path, std::string shown_name,
                                       std::int64_t root_page, std::uint8_t root_type)
    : shown_name_(std::move(shown_name)),
      background_(
          [this](std::uint64_t offset, const std::uint8_t* data, std::size_t size) { write_at(offset, data, size); }) {
    fd_ = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
    if (fd_ < 0) fail("cannot open the database");
    try {
        read_header(root_page, root_type);
    } catch (...) {
        ::close(fd_);
        throw;
    }
    chunk_.resize(std::max<std::size_t>(kChunkBytes / page_size_, 1) * page_size_);
}

void SqlitePageAppender::read_header(std::int64_t root_page, std::uint8_t root_type) {
    struct stat status {};
    if (::fstat(fd_, &status) != 0) fail("cannot read the database");
    original_size_ = static_cast<std::uint64_t>(status.st_size);
    if (original_size_ < sizeof header_) refuse("not an SQLite database");
    read_at(0, header_, sizeof header_);
    if (std::memcmp(header_, "SQLite format 3", 16) != 0) refuse("not an SQLite database");
    std::memcpy(original_header_, header_, sizeof header_);

    page_size_ = sqlite_get_be(header_ + 16, 2);
    if (page_size_ == 1) page_size_ = 65536;
    if (page_size_ < 512 || page_size_ > 65536 || (page_size_ & (page_size_ - 1)) != 0) refuse("invalid page size");
    if (header_[18] != 1 || header_[19] != 1) refuse("the database is in WAL mode");
    usable_size_ = page_size_ - header_[20];
    if (usable_size_ < 480) refuse("too many reserved bytes per page");
    if (sqlite_get_be(header_ + 44, 4) != 4) refuse("schema format is not 4");
    if (sqlite_get_be(header_ + 52, 4) != 0) refuse("the database uses auto-vacuum");
    if (sqlite_get_be(header_ + 56, 4) != 1) refuse("the database text encoding is not UTF-8");

    // The header's page count holds when written by the same change as the version-valid-for number.
    const std::uint32_t header_pages = sqlite_get_be(header_ + 28, 4);
    const bool header_count_valid =
        header_pages != 0 && sqlite_get_be(header_ + 24, 4) == sqlite_get_be(header_ + 92, 4);
    last_page_ = header_count_valid ? header_pages : static_cast<std::uint32_t>(original_size_ / page_size_);

    if (root_page < 2 || root_page > last_page_ || root_page == sqlite_lock_byte_page(page_size_)) {
        refuse(fmt::format("no root page {}", root_page));
    }
    root_page_ = static_cast<std::uint32_t>(root_page);
    original_root_.resize(page_size_);
    read_at(std::uint64_t{root_page_ - 1} * page_size_, original_root_.data(), page_size_);
    if (original_root_[0] != root_type || sqlite_get_be(original_root_.data() + 3, 2) != 0) {
        refuse(fmt::format("root page {} is not an empty b-tree of type {}", root_page, root_type));
    }
}

SqlitePageAppender::~SqlitePageAppender() {
    try {
        background_.wait();
    } catch (...) {  // unfinished: the file is put back below
    }
    if (fd_ < 0) return;
    // Unfinished (an error, or no finish()): the root and header as they were, the new pages cut off.
    if (!finished_) {
        (void)::pwrite(fd_, original_root_.data(), page_size_, static_cast<off_t>(root_page_ - 1) * page_size_);
        (void)::pwrite(fd_, original_header_, sizeof original_header_, 0);
        (void)::ftruncate(fd_, static_cast<off_t>(original_size_));
    }
    ::close(fd_);
}

// The next page number, with the page before it, if the lock-byte page is skipped, written as zeros (never read by
// SQLite, and the file keeps no hole); the caller fills the returned page's place in the chunk.
std::uint32_t SqlitePageAppender::next_page() {
    if (finished_) throw std::logic_error("SqlitePageAppender: a page after finish");
    const std::uint32_t page = sqlite_next_usable_page(last_page_, page_size_);
    if (page > kLastPageNumber || page < last_page_) refuse("the database has too many pages");
    for (std::uint32_t number = last_page_ + 1; number < page; ++number) {
        if (chunk_pages_ == 0) chunk_first_page_ = number;
        std::memset(chunk_.data() + chunk_pages_ * page_size_, 0, page_size_);
        if (++chunk_pages_ * page_size_ == chunk_.size()) flush();
    }
    if (chunk_pages_ == 0) chunk_first_page_ = page;
    last_page_ = page;
    return page;
}

std::uint32_t SqlitePageAppender::append(const std::uint8_t* page) {
    const std::uint32_t number = next_page();
    std::memcpy(chunk_.data() + chunk_pages_ * page_size_, page, page_size_);
    if (++chunk_pages_ * page_size_ == chunk_.size()) flush();
    return number;
}

std::uint32_t SqlitePageAppender::append_overflow(std::string_view payload) {
    if (payload.empty()) throw std::logic_error("an empty overflow chain");
    const std::size_t per_page = usable_size_ - 4;
    std::uint32_t first = 0;
    for (std::size_t offset = 0; offset < payload.size(); offset += per_page) {
        const std::uint32_t number = next_page();
        if (first == 0) first = number;
        std::uint8_t* at = chunk_.data() + chunk_pages_ * page_size_;
        const std::size_t take = std::min(per_page, payload.size() - offset);
        // The next page is the next one next_page() gives: its number is known before the chunk is written away.
        const bool last = offset + take == payload.size();
        sqlite_put_be(at, last ? 0 : sqlite_next_usable_page(number, page_size_), 4);
        std::memcpy(at + 4, payload.data() + offset, take);
        std::memset(at + 4 + take, 0, page_size_ - 4 - take);
        if (++chunk_pages_ * page_size_ == chunk_.size()) flush();
    }
    return first;
}

void SqlitePageAppender::flush() {
    if (chunk_pages_ == 0) return;
    const std::size_t size = chunk_pages_ * page_size_;
    chunk_pages_ = 0;
    background_.start(chunk_, std::uint64_t{chunk_first_page_ - 1} * page_size_, size);
}

void SqlitePageAppender::finish(const std::uint8_t* root) {
    if (finished_) throw std::logic_error("SqlitePageAppender::finish twice");
    flush();
    background_.wait();
    write_at(std::uint64_t{root_page_ - 1} * page_size_, root, page_size_);

    const std::uint32_t change = sqlite_get_be(header_ + 24, 4) + 1;
    sqlite_put_be(header_ + 24, change, 4);
    sqlite_put_be(header_ + 28, last_page_, 4);
    sqlite_put_be(header_ + 92, change, 4);
    write_at(0, header_, sizeof header_);
    finished_ = true;
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) fail("cannot write the database");
}

void SqlitePageAppender::write_at(std::uint64_t offset, const std::uint8_t* data, std::size_t size) const {
    if (const int failure = write_exactly_at(fd_, offset, reinterpret_cast<const char*>(data), size); failure != 0) {
        errno = failure;
        fail("cannot write the database");
    }
}

void SqlitePageAppender::read_at(std::uint64_t offset, std::uint8_t* data, std::size_t size) const {
    while (size > 0) {
        const ssize_t got = ::pread(fd_, data, size, static_cast<off_t>(offset));
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) fail("cannot read the database");
        if (got == 0) refuse("the database file is shorter than its pages");
        data += got;
        offset += static_cast<std::uint64_t>(got);
        size -= static_cast<std::size_t>(got);
    }
}

void SqlitePageAppender::fail(std::string_view what) const {
    throw Error(shown_name_, fmt::format("{}: {}", what, std::strerror(errno)));
}

void SqlitePageAppender::refuse(std::string_view why) const {
    throw std::logic_error(fmt::format("{}: {}", shown_name_, why));
}

}  // namespace msprobe::report
