#include "common/spill_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include "common/error.hpp"
#include "common/input_file.hpp"

namespace msprobe {

namespace {

constexpr std::size_t kWriteBytes = std::size_t{1} << 20;

std::string temporary_folder() {
    const char* dir = std::getenv("TMPDIR");
    return dir != nullptr && *dir != '\0' ? dir : "/tmp";
}

// An unlinked file in `folder`: O_TMPFILE where the file system has it, else a named one removed at once.
int open_unlinked(const std::string& folder) {
    int fd = ::open(folder.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd >= 0) return fd;
    std::string name = folder + "/msprobe-spill-XXXXXX";
    fd = ::mkostemp(name.data(), O_CLOEXEC);
    if (fd >= 0) ::unlink(name.c_str());
    return fd;
}

}  // namespace

SpillFile::SpillFile(std::string purpose)
    : purpose_(std::move(purpose)), folder_(temporary_folder()), fd_(open_unlinked(folder_)) {
    if (fd_ < 0) {
        throw Error(folder_, "cannot make a temporary file for " + purpose_ + ": " + std::strerror(errno) +
                                 " (set TMPDIR to another folder)");
    }
}

SpillFile::~SpillFile() {
    if (fd_ >= 0) ::close(fd_);
}

std::uint64_t SpillFile::append(std::string_view bytes) {
    // The buffer's room is taken when first used: a file only written past it needs none.
    if (buffer_.capacity() < kWriteBytes) buffer_.reserve(kWriteBytes + kWriteBytes / 4);
    buffer_.append(bytes);
    const std::uint64_t end = size();
    if (buffer_.size() >= kWriteBytes) flush();
    return end;
}

void SpillFile::write(std::string_view bytes) {
    flush();
    write_out(bytes);
}

void SpillFile::flush() {
    write_out(buffer_);
    buffer_.clear();
}

void SpillFile::write_out(std::string_view bytes) {
    if (const int failure = write_exactly_at(fd_, written_, bytes.data(), bytes.size()); failure != 0) {
        throw Error(folder_, "cannot write the temporary file for " + purpose_ + ": " + std::strerror(failure) +
                                 " (set TMPDIR to another folder)");
    }
    written_ += bytes.size();
}

void SpillFile::read(std::uint64_t begin, std::uint64_t end, std::string& into) const {
    if (begin > end || end > written_) throw std::logic_error("a spill file is read past what was written");
    into.resize(static_cast<std::size_t>(end - begin));
    if (const int failure = read_exactly_at(fd_, begin, into.data(), into.size()); failure != 0) {
        throw Error(folder_, "cannot read back the temporary file for " + purpose_ + ": " +
                                 (failure > 0 ? std::strerror(failure) : "it is shorter than written"));
    }
}

}  // namespace msprobe
