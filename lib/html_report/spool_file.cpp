#include "html_report/spool_file.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "common/error.hpp"

namespace msprobe::html_report {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kBufferBytes = 1 << 20;

}  // namespace

SpoolFile::SpoolFile(const fs::path& dir) {
    std::error_code ec;
    const fs::path where = fs::is_directory(dir, ec) ? dir : fs::temp_directory_path();
    std::string name = (where / ".msprobe-html-XXXXXX").string();
    const int fd = ::mkstemp(name.data());
    if (fd < 0) throw Error(where.string(), fmt::format("cannot create a temporary file: {}", std::strerror(errno)));
    ::unlink(name.c_str());  // nameless from here: nothing to clean up whatever happens
    file_ = ::fdopen(fd, "w+b");
    if (file_ == nullptr) {
        ::close(fd);
        throw Error(where.string(), fmt::format("cannot open a temporary file: {}", std::strerror(errno)));
    }
    buffer_.reserve(kBufferBytes);
}

SpoolFile::~SpoolFile() {
    if (file_ != nullptr) std::fclose(file_);
}

void SpoolFile::add_line(const std::string& text) {
    buffer_ += text;
    buffer_ += '\n';
    ++lines_;
    if (buffer_.size() >= kBufferBytes) flush();
}

void SpoolFile::flush() {
    if (!buffer_.empty() && std::fwrite(buffer_.data(), 1, buffer_.size(), file_) != buffer_.size()) {
        throw Error("temporary file of the HTML report", fmt::format("write failed: {}", std::strerror(errno)));
    }
    buffer_.clear();
}

std::size_t SpoolFile::copy_lines(std::FILE* out, std::size_t max_lines, const std::string& out_name) {
    flush();
    if (std::fflush(file_) != 0 || std::fseek(file_, 0, SEEK_SET) != 0) {
        throw Error("temporary file of the HTML report", fmt::format("cannot read back: {}", std::strerror(errno)));
    }
    std::vector<char> block(kBufferBytes);
    std::size_t copied = 0;
    while (copied < max_lines) {
        const std::size_t got = std::fread(block.data(), 1, block.size(), file_);
        if (got == 0) break;
        std::size_t take = got;
        // Stop after the newline that ends the last line wanted.
        for (const char* p = block.data(); copied < max_lines;) {
            const void* newline = std::memchr(p, '\n', static_cast<std::size_t>(block.data() + got - p));
            if (newline == nullptr) break;
            p = static_cast<const char*>(newline) + 1;
            ++copied;
            if (copied == max_lines) take = static_cast<std::size_t>(p - block.data());
        }
        if (std::fwrite(block.data(), 1, take, out) != take) {
            throw Error(out_name, fmt::format("write failed: {}", std::strerror(errno)));
        }
    }
    return copied;
}

}  // namespace msprobe::html_report
