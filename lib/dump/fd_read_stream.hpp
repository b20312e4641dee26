#pragma once
// A RapidJSON input stream over an opened input file, read in fixed-size
// chunks: a file of any size is parsed with a constant buffer. Tell() counts
// bytes after a leading UTF-8 BOM, which is skipped as JsonFile skips it.
#include <cstddef>
#include <memory>

#include "common/input_file.hpp"

namespace msprobe::dump {

class FdReadStream {
public:
    using Ch = char;

    FdReadStream(const InputFile& file, std::size_t buffer_size);

    Ch Peek() const { return *current_; }
    Ch Take() {
        const Ch c = *current_;
        if (current_ + 1 < end_) {
            ++current_;
        } else {
            advance();
        }
        return c;
    }
    std::size_t Tell() const { return file_offset() - skipped_; }
    // Where the next byte lies in the file (a BOM counted).
    std::size_t file_offset() const { return consumed_ + static_cast<std::size_t>(current_ - buffer_.get()); }

    // Output functions RapidJSON's concept asks for; never called on a reading stream.
    Ch* PutBegin() { return nullptr; }
    void Put(Ch) {}
    void Flush() {}
    std::size_t PutEnd(Ch*) { return 0; }

private:
    void fill();     // reads the next chunk at the current file offset
    void advance();  // steps past the last byte of the chunk

    const InputFile& file_;
    std::size_t buffer_size_;
    std::unique_ptr<Ch[]> buffer_;  // buffer_size_ + 1 bytes: a NUL stands at the end once the file is done
    Ch* current_ = nullptr;
    Ch* end_ = nullptr;
    std::size_t consumed_ = 0;  // bytes of the chunks before the current one
    std::size_t offset_ = 0;    // file offset of the next chunk
    std::size_t skipped_ = 0;   // 3 when the file starts with a BOM
    bool at_end_ = false;
};

}  // namespace msprobe::dump
