#include "html_report/spool_file.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "common/error.hpp"

namespace msprobe::html_report {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kBufferBytes = 256 * 1024;

[[noreturn]] void fail(const std::string& file, const char* what) {
    throw Error(file, fmt::format("{}: {}", what, std::strerror(errno)));
}

}  // namespace

SpoolFile::SpoolFile(const fs::path& dir) {
    std::error_code ec;
    const fs::path where = fs::is_directory(dir, ec) ? dir : fs::temp_directory_path();
    dir_ = where;
    std::string name = (where / ".msprobe-html-XXXXXX").string();
    const int fd = ::mkstemp(name.data());
    if (fd < 0) fail(where.string(), "cannot create a temporary file");
    ::unlink(name.c_str());  // nameless from here: nothing to clean up whatever happens
    file_ = ::fdopen(fd, "w+b");
    if (file_ == nullptr) {
        ::close(fd);
        fail(where.string(), "cannot open a temporary file");
    }
}

SpoolFile::~SpoolFile() {
    if (file_ != nullptr) std::fclose(file_);
}

std::string SpoolFile::name() const { return (dir_ / ".msprobe-html-* (the HTML report's temporary file)").string(); }

void SpoolFile::add_line(const std::string& text) {
    buffer_ += text;
    buffer_ += '\n';
    ++lines_;
    if (buffer_.size() >= kBufferBytes) flush();
}

void SpoolFile::flush() {
    if (buffer_.empty()) return;
    if (std::fseek(file_, 0, SEEK_END) != 0 ||
        std::fwrite(buffer_.data(), 1, buffer_.size(), file_) != buffer_.size()) {
        fail(name(), "write failed");
    }
    bytes_ += buffer_.size();
    buffer_.clear();
}

SpoolFile::Range SpoolFile::append(SpoolFile& from) {
    from.flush();
    flush();
    Range range{bytes_, 0, from.lines_};
    if (std::fflush(from.file_) != 0 || std::fseek(from.file_, 0, SEEK_SET) != 0) fail(name(), "cannot read back");
    if (std::fseek(file_, 0, SEEK_END) != 0) fail(name(), "cannot append");
    std::vector<char> block(kBufferBytes);
    for (std::size_t got; (got = std::fread(block.data(), 1, block.size(), from.file_)) > 0;) {
        if (std::fwrite(block.data(), 1, got, file_) != got) fail(name(), "write failed");
        range.bytes += got;
    }
    if (std::ferror(from.file_)) fail(name(), "cannot read back");
    bytes_ += range.bytes;
    lines_ += range.lines;
    return range;
}

std::size_t SpoolFile::copy_lines(std::FILE* out, const Range& range, std::size_t max_lines,
                                  const std::string& out_name) {
    flush();
    if (std::fflush(file_) != 0 || std::fseek(file_, static_cast<long>(range.offset), SEEK_SET) != 0) {
        fail(name(), "cannot read back");
    }
    std::vector<char> block(kBufferBytes);
    std::uint64_t left = range.bytes;
    std::size_t copied = 0;
    while (copied < max_lines && left > 0) {
        const std::size_t got =
            std::fread(block.data(), 1, static_cast<std::size_t>(std::min<std::uint64_t>(block.size(), left)), file_);
        if (got == 0) fail(name(), "cannot read back");
        left -= got;
        std::size_t take = got;
        // Stop after the newline that ends the last line wanted.
        for (const char* p = block.data(); copied < max_lines;) {
            const void* newline = std::memchr(p, '\n', static_cast<std::size_t>(block.data() + got - p));
            if (newline == nullptr) break;
            p = static_cast<const char*>(newline) + 1;
            ++copied;
            if (copied == max_lines) take = static_cast<std::size_t>(p - block.data());
        }
        if (std::fwrite(block.data(), 1, take, out) != take)
            throw Error(out_name, fmt::format("write failed: {}", std::strerror(errno)));
    }
    return copied;
}

}  // namespace msprobe::html_report
