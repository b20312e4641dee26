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
#include "common/input_file.hpp"
#include "report/sqlite_index_page.hpp"
#include "report/sqlite_record.hpp"

namespace msprobe::report {

namespace {

constexpr std::uint64_t kLockByteOffset = 1073741824;  // SQLite's PENDING_BYTE
constexpr std::uint32_t kLastPageNumber = 0xfffffffe;
constexpr std::size_t kChunkBytes = std::size_t{4} << 20;

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

SqliteSortedTableWriter::SqliteSortedTableWriter(std::filesystem::path path, std::string shown_name,
                                                 std::int64_t root_page)
    : shown_name_(std::move(shown_name)),
      background_(
          [this](std::uint64_t offset, const std::uint8_t* data, std::size_t size) { write_at(offset, data, size); }) {
    fd_ = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
    if (fd_ < 0) fail("cannot open the database");
    try {
        read_header(root_page);
    } catch (...) {
        ::close(fd_);
        throw;
    }
    levels_.push_back(std::make_unique<SqliteIndexPage>(false, page_size_, usable_size_));
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

    page_size_ = sqlite_get_be(header_ + 16, 2);
    if (page_size_ == 1) page_size_ = 65536;
    if (page_size_ < 512 || page_size_ > 65536 || (page_size_ & (page_size_ - 1)) != 0) {
        refuse(shown_name_, "invalid page size");
    }
    if (header_[18] != 1 || header_[19] != 1) refuse(shown_name_, "the database is in WAL mode");
    usable_size_ = page_size_ - header_[20];
    if (usable_size_ < 480) refuse(shown_name_, "too many reserved bytes per page");
    if (sqlite_get_be(header_ + 44, 4) != 4) refuse(shown_name_, "schema format is not 4");
    if (sqlite_get_be(header_ + 52, 4) != 0) refuse(shown_name_, "the database uses auto-vacuum");
    if (sqlite_get_be(header_ + 56, 4) != 1) refuse(shown_name_, "the database text encoding is not UTF-8");

    // The header's page count holds when written by the same change as the version-valid-for number.
    const std::uint32_t header_pages = sqlite_get_be(header_ + 28, 4);
    const bool header_count_valid =
        header_pages != 0 && sqlite_get_be(header_ + 24, 4) == sqlite_get_be(header_ + 92, 4);
    last_page_ = header_count_valid ? header_pages : static_cast<std::uint32_t>(original_size_ / page_size_);

    if (root_page < 2 || root_page > last_page_ || root_page == sqlite_lock_byte_page(page_size_)) {
        refuse(shown_name_, fmt::format("no root page {}", root_page));
    }
    root_page_ = static_cast<std::uint32_t>(root_page);
    original_root_.resize(page_size_);
    read_at(std::uint64_t{root_page_ - 1} * page_size_, original_root_.data(), page_size_);
    if (original_root_[0] != kSqliteIndexLeaf || sqlite_get_be(original_root_.data() + 3, 2) != 0) {
        refuse(shown_name_, fmt::format("root page {} is not an empty index b-tree", root_page));
    }

    max_local_ = sqlite_index_max_payload(usable_size_);
}

SqliteSortedTableWriter::~SqliteSortedTableWriter() {
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

void SqliteSortedTableWriter::add(std::string_view record) {
    if (finished_) throw std::logic_error("SqliteSortedTableWriter::add after finish");
    if (record.size() > max_local_) {
        refuse(shown_name_, fmt::format("a record of {} bytes needs overflow pages (at most {} without)", record.size(),
                                        max_local_));
    }
    if (pending_leaf_ != 0) throw std::logic_error("a record after a written leaf needs a divider first");
    push(0, 0, record);
}

void SqliteSortedTableWriter::add_divider(std::string_view record) {
    std::uint32_t left = pending_leaf_;
    pending_leaf_ = 0;
    if (left == 0) {
        SqliteIndexPage& leaf = *levels_.front();
        if (leaf.empty()) throw std::logic_error("a divider with no leaf before it");
        left = write_new_page(leaf, 0);
    }
    push(1, left, record);
}

void SqliteSortedTableWriter::add_chain(const SqliteLeafChain& chain,
                                        const std::function<std::uint32_t(std::uint32_t)>& page_of) {
    if (finished_) throw std::logic_error("SqliteSortedTableWriter::add_chain after finish");
    const auto add_records = [&](const SqliteIndexPage& leaf) {
        for (std::uint32_t i = 0; i < leaf.cells(); ++i) add(leaf.payload(i));
    };
    add_records(chain.first_leaf());
    for (std::size_t i = 0; i < chain.divider_count(); ++i) {
        add_divider(chain.divider(i));
        if (i < chain.written().size()) {
            if (!levels_.front()->empty()) throw std::logic_error("a written leaf where records wait");
            pending_leaf_ = page_of(chain.written()[i]);
        }
    }
    add_records(chain.open_leaf());
}

// A full page gives up its last cell as the divider above it (its left child
// becoming the page's right-most child), and the incoming cell starts the next
// page: every page keeps at least one cell, every record appears once.
void SqliteSortedTableWriter::push(std::size_t level_index, std::uint32_t left_child, std::string_view payload) {
    if (level_index == levels_.size())
        levels_.push_back(std::make_unique<SqliteIndexPage>(true, page_size_, usable_size_));
    SqliteIndexPage& level = *levels_[level_index];
    if (level.fits(payload.size())) {
        level.append(left_child, payload);
        return;
    }
    level.pop_last();
    const std::uint32_t written = write_new_page(level, level.divider_child());
    level.append(left_child, payload);
    push(level_index + 1, written, level.divider());
}

std::uint32_t SqliteSortedTableWriter::write_new_page(SqliteIndexPage& level, std::uint32_t right_child) {
    const std::uint32_t page = sqlite_next_usable_page(last_page_, page_size_);
    if (page > kLastPageNumber || page < last_page_) refuse(shown_name_, "the database has too many pages");
    level.seal(right_child);
    for (std::uint32_t number = last_page_ + 1; number <= page; ++number) {
        if (chunk_pages_ == 0) chunk_first_page_ = number;
        std::uint8_t* at = chunk_.data() + chunk_pages_ * page_size_;
        // The lock-byte page is never read by SQLite; zeros keep the file without a hole.
        if (number == page) {
            std::memcpy(at, level.page().data(), page_size_);
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
    const std::size_t size = chunk_pages_ * page_size_;
    chunk_pages_ = 0;
    background_.start(chunk_, std::uint64_t{chunk_first_page_ - 1} * page_size_, size);
}

void SqliteSortedTableWriter::finish() {
    if (finished_) throw std::logic_error("SqliteSortedTableWriter::finish twice");
    if (pending_leaf_ != 0) throw std::logic_error("a table cannot end with a written leaf");
    // Each level's last page becomes the right-most child of the page above; the top page is the root.
    std::uint32_t child = 0;
    for (std::size_t index = 0; index + 1 < levels_.size(); ++index) child = write_new_page(*levels_[index], child);
    SqliteIndexPage& top = *levels_.back();
    top.seal(child);
    flush();
    background_.wait();
    write_at(std::uint64_t{root_page_ - 1} * page_size_, top.page().data(), page_size_);

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

void SqliteSortedTableWriter::write_at(std::uint64_t offset, const std::uint8_t* data, std::size_t size) const {
    if (const int failure = write_exactly_at(fd_, offset, reinterpret_cast<const char*>(data), size); failure != 0) {
        errno = failure;
        fail("cannot write the database");
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
