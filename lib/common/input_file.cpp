#include "common/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <new>
#include <string>
#include <string_view>
#include <system_error>

#include "common/error.hpp"
#include "common/run_inputs.hpp"

namespace msprobe {

namespace {

const char* kind_name(InputKind kind) {
    switch (kind) {
        case InputKind::Json: return "JSON";
        case InputKind::Tensor: return "tensor";
        case InputKind::Table: return "table";
        case InputKind::Yaml: return "yaml";
    }
    return "input";
}

const char* file_type_name(mode_t mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "a special file";
}

std::string errno_text(int error) { return std::strerror(error); }

// The house rule is one line on stderr; library messages may span several.
std::string one_line(std::string text) {
    std::replace(text.begin(), text.end(), '\n', ' ');
    return text;
}

}  // namespace

std::uintmax_t input_size_cap(InputKind kind) {
    constexpr std::uintmax_t kGiB = std::uintmax_t{1} << 30;
    switch (kind) {
        case InputKind::Json:
        case InputKind::Tensor: return 10 * kGiB;
        case InputKind::Table:
        case InputKind::Yaml: return kGiB;
    }
    return kGiB;
}

InputFile InputFile::open(const std::filesystem::path& path, InputKind kind) {
    const std::string name = path.string();
    struct stat before {};
    if (::lstat(name.c_str(), &before) != 0) {
        if (errno == ENOENT || errno == ENOTDIR) throw Error(name, "no such file");
        throw Error(name, "cannot open: " + errno_text(errno));
    }
    if (S_ISLNK(before.st_mode)) throw Error(name, "is a soft link; input files must not be links (as in msprobe)");
    if (!S_ISREG(before.st_mode)) {
        throw Error(name, fmt::format("not a regular file (it is {})", file_type_name(before.st_mode)));
    }
    // O_NONBLOCK: should the path have become a FIFO since lstat, open() returns instead of waiting for a writer.
    const int fd = ::open(name.c_str(), O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ELOOP) throw Error(name, "is a soft link; input files must not be links (as in msprobe)");
        throw Error(name, "cannot open: " + errno_text(errno));
    }
    InputFile file(name, fd, 0);
    struct stat opened {};
    if (::fstat(fd, &opened) != 0) throw Error(name, "cannot stat: " + errno_text(errno));
    if (!S_ISREG(opened.st_mode)) {
        throw Error(name, fmt::format("not a regular file (it is {})", file_type_name(opened.st_mode)));
    }
    if (opened.st_dev != before.st_dev || opened.st_ino != before.st_ino) {
        throw Error(name, "was replaced while being opened");
    }
    note_run_input(opened);
    const auto size = static_cast<std::uintmax_t>(opened.st_size);
    const std::uintmax_t cap = input_size_cap(kind);
    if (size >= cap) {
        throw Error(
            name, fmt::format("is {} bytes; msprobe's limit for {} files is {} GiB", size, kind_name(kind), cap >> 30));
    }
    file.size_ = size;
    return file;
}

InputFile::InputFile(InputFile&& other) noexcept : path_(std::move(other.path_)), fd_(other.fd_), size_(other.size_) {
    other.fd_ = -1;
}

InputFile::~InputFile() {
    if (fd_ >= 0) ::close(fd_);
}

int read_exactly_at(int fd, std::uintmax_t offset, char* buffer, std::uintmax_t count) {
    std::uintmax_t done = 0;
    while (done < count) {
        const std::uintmax_t chunk = std::min<std::uintmax_t>(count - done, std::uintmax_t{1} << 30);
        const ssize_t got = ::pread(fd, buffer + done, chunk, static_cast<off_t>(offset + done));
        if (got < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        if (got == 0) return -1;
        done += static_cast<std::uintmax_t>(got);
    }
    return 0;
}

int write_exactly_at(int fd, std::uintmax_t offset, const char* buffer, std::uintmax_t count) {
    std::uintmax_t done = 0;
    while (done < count) {
        const std::uintmax_t chunk = std::min<std::uintmax_t>(count - done, std::uintmax_t{1} << 30);
        const ssize_t written = ::pwrite(fd, buffer + done, chunk, static_cast<off_t>(offset + done));
        if (written < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        if (written == 0) return ENOSPC;
        done += static_cast<std::uintmax_t>(written);
    }
    return 0;
}

void InputFile::read_at(std::uintmax_t offset, char* buffer, std::uintmax_t count) const {
    const int failure = read_exactly_at(fd_, offset, buffer, count);
    if (failure > 0) throw Error(path_, "read failed: " + errno_text(failure));
    if (failure < 0) throw Error(path_, "read failed: the file shrank while being read");
}

void InputFile::read_into(char* buffer) const { read_at(0, buffer, size_); }

std::string InputFile::read_all() const {
    std::string text;
    try {
        text.resize(size_);
    } catch (const std::bad_alloc&) {
        throw Error(path_, fmt::format("not enough memory to read its {} bytes", size_));
    }
    read_into(text.data());
    return text;
}

bool input_path_present(const std::filesystem::path& path) {
    struct stat st {};
    return ::lstat(path.c_str(), &st) == 0;
}

std::string read_input_file(const std::filesystem::path& path, InputKind kind) {
    return InputFile::open(path, kind).read_all();
}

namespace {

// nlohmann/json prefixes its messages with its own tag ("[json.exception.out_of_range.406] number overflow
// parsing '1e400'"): the user gets the sentence.
std::string without_library_tag(const std::string& what) {
    constexpr std::string_view kTag = "[json.exception.";
    if (what.compare(0, kTag.size(), kTag) != 0) return what;
    const auto end = what.find("] ");
    return end == std::string::npos ? what : "invalid JSON value: " + what.substr(end + 2);
}

}  // namespace

void rethrow_naming(const std::string& file) {
    try {
        throw;
    } catch (const Error&) {
        throw;
    } catch (const std::bad_alloc&) {
        throw Error(file, "not enough memory to read it");
    } catch (const std::system_error& e) {  // std::filesystem errors among them
        throw Error(file, one_line(e.code().message()));
    } catch (const std::exception& e) {
        throw Error(file, one_line(without_library_tag(e.what())));
    }
}

}  // namespace msprobe
