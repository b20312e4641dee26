#include "dump/fd_read_stream.hpp"

#include <algorithm>
#include <cstring>

namespace msprobe::dump {

FdReadStream::FdReadStream(const InputFile& file, std::size_t buffer_size)
    : file_(file), buffer_size_(buffer_size), buffer_(std::make_unique<Ch[]>(buffer_size + 1)) {
    char head[3] = {};
    if (file.size() >= 3) file.read_at(0, head, 3);
    if (std::memcmp(head, "\xEF\xBB\xBF", 3) == 0) {
        offset_ = skipped_ = 3;  // tolerate a UTF-8 BOM
    }
    fill();
}

void FdReadStream::fill() {
    consumed_ = offset_;
    const auto got = static_cast<std::size_t>(std::min<std::uintmax_t>(buffer_size_, file_.size() - offset_));
    file_.read_at(offset_, buffer_.get(), got);
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
