#include "report/sqlite_leaf_file.hpp"

#include <fcntl.h>
#include <linux/falloc.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "report/sqlite_index_page.hpp"
#include "report/sqlite_sorted_table.hpp"

namespace msprobe::report {

namespace {

constexpr std::size_t kChunkBytes = std::size_t{4} << 20;
constexpr std::uint32_t kDirectAlignment = 4096;

// RAII for a descriptor this unit opens for a moment.
struct Descriptor {
    int fd = -1;
    ~Descriptor() {
        if (fd >= 0) ::close(fd);
    }
};

}  // namespace

SqliteLeafFile::SqliteLeafFile(std::filesystem::path path, std::string shown_name, std::uint32_t page_size)
    : path_(std::move(path)),
      shown_name_(std::move(shown_name)),
      page_size_(page_size),
      background_(
          [this](std::uint64_t offset, const std::uint8_t* data, std::size_t size) { write_at(offset, data, size); }) {
    // Written past the page cache where the file system allows it (O_DIRECT): the pages are not read again
    // before the database is, and copying hundreds of MB into the cache costs more CPU than making them.
    const int flags = O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC;
    if (page_size_ % kDirectAlignment == 0) fd_ = ::open(path_.c_str(), flags | O_DIRECT, 0640);
    if (fd_ < 0) fd_ = ::open(path_.c_str(), flags, 0640);
    if (fd_ < 0) fail("cannot make the file of its table's pages");
    chunk_.resize(std::max<std::size_t>(kChunkBytes / page_size_, 1) * page_size_);
}

SqliteLeafFile::~SqliteLeafFile() {
    try {
        background_.wait();
    } catch (...) {  // the file goes anyway
    }
    if (fd_ >= 0) ::close(fd_);
    if (!joined_) ::unlink(path_.c_str());
}

std::uint32_t SqliteLeafFile::write(const std::vector<std::uint8_t>& page) {
    if (joined_ || page.size() != page_size_) throw std::logic_error("a leaf page of another size, or after join");
    std::memcpy(chunk_.data() + chunk_pages_ * page_size_, page.data(), page_size_);
    ++chunk_pages_;
    const std::uint32_t number = count_++;
    if (chunk_pages_ * page_size_ == chunk_.size()) flush();
    return number;
}

void SqliteLeafFile::flush() {
    if (chunk_pages_ == 0) return;
    const std::uint64_t first = count_ - chunk_pages_;  // the chunk's first page number
    const std::size_t size = chunk_pages_ * page_size_;
    chunk_pages_ = 0;
    background_.start(chunk_, first * page_size_, size);
}

void SqliteLeafFile::join(const std::filesystem::path& database) {
    if (joined_) throw std::logic_error("SqliteLeafFile::join twice");
    flush();
    background_.wait();
    // From here on small writes at any offset: through the page cache.
    if (::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) & ~O_DIRECT) != 0)
        fail("cannot write the file of its table's pages");
    Descriptor db{::open(database.c_str(), O_RDWR | O_CLOEXEC)};
    if (db.fd < 0) fail("cannot open the database");
    std::uint8_t header[100];
    if (::pread(db.fd, header, sizeof header, 0) != static_cast<ssize_t>(sizeof header))
        fail("cannot read the database");
    const std::uint32_t page_size = sqlite_get_be(header + 16, 2) == 1 ? 65536 : sqlite_get_be(header + 16, 2);
    if (page_size != page_size_) throw std::logic_error("leaf pages of another page size than the database's");
    struct stat status {};
    if (::fstat(db.fd, &status) != 0) fail("cannot read the database");
    const auto database_pages = static_cast<std::uint32_t>(static_cast<std::uint64_t>(status.st_size) / page_size_);
    first_page_ = database_pages + 1;
    lock_page_ = sqlite_lock_byte_page(page_size_);
    const std::uint64_t database_bytes = std::uint64_t{database_pages} * page_size_;
    const bool lock_inside = count_ != 0 && first_page_ <= lock_page_ && lock_page_ < first_page_ + count_;
    const std::uint32_t total = database_pages + count_ + (lock_inside ? 1 : 0);

    // The leaves' file becomes the database: its pages in front, a page's room at the lock byte.
    bool inserted = count_ != 0 && ::fallocate(fd_, FALLOC_FL_INSERT_RANGE, 0, static_cast<off_t>(database_bytes)) == 0;
    if (inserted && lock_inside) {
        const auto at = static_cast<off_t>(std::uint64_t{lock_page_ - 1} * page_size_);
        if (::fallocate(fd_, FALLOC_FL_INSERT_RANGE, at, static_cast<off_t>(page_size_)) != 0) {
            fail("cannot make room for SQLite's lock-byte page");
        }
    }
    const int target = inserted ? fd_ : db.fd;
    const int source = inserted ? db.fd : fd_;
    // Copy what goes to the other file: the database's pages in front, or the leaves after them.
    const auto copy = [&](std::uint64_t from, std::uint64_t to, std::uint64_t bytes) {
        auto in = static_cast<loff_t>(from);
        auto out = static_cast<loff_t>(to);
        while (bytes > 0) {
            const ssize_t n = ::copy_file_range(source, &in, target, &out, static_cast<std::size_t>(bytes), 0);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                if (n == 0) errno = EIO;
                fail("cannot write the database");
            }
            bytes -= static_cast<std::uint64_t>(n);
        }
    };
    if (inserted) {
        copy(0, 0, database_bytes);
    } else if (count_ != 0) {
        const std::uint64_t before_lock =
            lock_inside ? std::uint64_t{lock_page_ - first_page_} * page_size_ : std::uint64_t{count_} * page_size_;
        copy(0, database_bytes, before_lock);
        if (lock_inside) {
            copy(before_lock, database_bytes + before_lock + page_size_,
                 std::uint64_t{count_} * page_size_ - before_lock);
        }
    }
    sqlite_put_be(header + 28, total, 4);  // the header's page count (its change counter is unchanged)
    if (::pwrite(target, header + 28, 4, 28) != 4) fail("cannot write the database");
    if (inserted) {
        if (::rename(path_.c_str(), database.c_str()) != 0) fail("cannot put the database in place");
    } else {
        ::unlink(path_.c_str());
    }
    joined_ = true;
}

std::uint32_t SqliteLeafFile::page_of(std::uint32_t number) const {
    if (!joined_) throw std::logic_error("SqliteLeafFile::page_of before join");
    const std::uint32_t page = first_page_ + number;
    return page >= lock_page_ && first_page_ <= lock_page_ ? page + 1 : page;
}

void SqliteLeafFile::write_at(std::uint64_t offset, const std::uint8_t* data, std::size_t size) const {
    const auto bytes = reinterpret_cast<const char*>(data);
    int failure = write_exactly_at(fd_, offset, bytes, size);
    if (failure == EINVAL && (::fcntl(fd_, F_GETFL) & O_DIRECT) != 0) {
        // A file system that took O_DIRECT at open but not this write: through the page cache then.
        if (::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) & ~O_DIRECT) != 0)
            fail("cannot write the file of its table's pages");
        failure = write_exactly_at(fd_, offset, bytes, size);
    }
    if (failure != 0) {
        errno = failure;
        fail("cannot write the file of its table's pages");
    }
}

void SqliteLeafFile::fail(const std::string& what) const {
    throw Error(shown_name_, what + ": " + std::strerror(errno));
}

}  // namespace msprobe::report
