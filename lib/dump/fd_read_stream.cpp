#include "dump/fd_read_stream.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <system_error>

#include "common/error.hpp"

namespace msprobe::dump {

FdReadStream::FdReadStream(const InputFile& file, std::size_t buffer_size)
    : file_(file), buffer_size_(buffer_size), buffer_(std::make_unique<Ch[]>(buffer_size + 1)) {
    char head[3] = {};
    if (file.size() >= 3 && ::pread(file.fd(), head, 3, 0) == 3 && std::memcmp(head, "\xEF\xBB\xBF", 3) == 0) {
        offset_ = skipped_ = 3;  // tolerate a UTF-8 BOM
    }
    fill();
}

void FdReadStream::fill() {
    consumed_ = offset_;
    std::size_t want = static_cast<std::size_t>(std::min<std::uintmax_t>(buffer_size_, file_.size() - offset_));
    std::size_t got = 0;
    while (got < want) {
        const ssize_t n = ::pread(file_.fd(), buffer_.get() + got, want - got, static_cast<off_t>(offset_ + got));
        if (n < 0) {
            if (errno == EINTR) continue;
            throw Error(file_.path(), "read failed: " + std::system_category().message(errno));
        }
        if (n == 0) throw Error(file_.path(), "read failed: the file shrank while being read");
        got += static_cast<std::size_t>(n);
    }
    offset_ += got;
    current_ = buffer_.get();
    end_ = current_ + got;
    if (got == 0) {  // the end: Peek() gives NUL from here on, as RapidJSON expects
        at_end_ = true;
        buffer_[0] = '\0';
        end_ = current_ + 1;
    }
}

void FdReadStream::advance() {
    if (at_end_) return;  // stay on the NUL
    current_ = end_;
    fill();
}

}  // namespace msprobe::dump
