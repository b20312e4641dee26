#include "tensor/mapped_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "tensor/read_error.hpp"

namespace msprobe::tensor {

namespace {

// Closes the descriptor on every path out of open(); the mapping outlives it.
struct FileDescriptor {
    int fd;
    ~FileDescriptor() {
        if (fd >= 0) ::close(fd);
    }
};

[[noreturn]] void fail_with_errno(const std::string& path, const char* what) {
    const int error = errno;
    fail(path, ReadFailure::Io, std::string(what) + ": " + std::strerror(error));
}

}  // namespace

std::shared_ptr<const MappedFile> MappedFile::open(const std::filesystem::path& path) {
    const std::string name = path.string();
    const FileDescriptor file{::open(name.c_str(), O_RDONLY | O_CLOEXEC)};
    if (file.fd < 0) fail_with_errno(name, "cannot open");
    struct stat info {};
    if (::fstat(file.fd, &info) != 0) fail_with_errno(name, "cannot stat");
    if (!S_ISREG(info.st_mode)) fail(name, ReadFailure::Io, "not a regular file");
    const auto size = static_cast<std::size_t>(info.st_size);
    if (size == 0) return std::shared_ptr<const MappedFile>(new MappedFile(name, nullptr, 0));
    void* data = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, file.fd, 0);
    if (data == MAP_FAILED) fail_with_errno(name, "cannot map");
    return std::shared_ptr<const MappedFile>(new MappedFile(name, static_cast<const std::byte*>(data), size));
}

MappedFile::MappedFile(std::string path, const std::byte* data, std::size_t size)
    : path_(std::move(path)), data_(data), size_(size) {}

MappedFile::~MappedFile() {
    if (data_ != nullptr) ::munmap(const_cast<std::byte*>(data_), size_);
}

}  // namespace msprobe::tensor
