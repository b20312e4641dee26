#pragma once
// A file's bytes in memory, followed by zero padding, whose prefix a reader
// is done with can be given back to the system while it parses the rest: a
// dump read whole holds its text only as long as the parse has not passed
// it, so a run's peak memory is not the text plus what was made of it.
#include <cstddef>

#include "common/input_file.hpp"

namespace msprobe {

class ConsumedBuffer {
public:
    // The whole of `file`, then `padding` zero bytes. Throws msprobe::Error naming the file when it cannot be
    // read, std::bad_alloc when there is no memory for it.
    ConsumedBuffer(const InputFile& file, std::size_t padding);
    ~ConsumedBuffer();
    ConsumedBuffer(const ConsumedBuffer&) = delete;
    ConsumedBuffer& operator=(const ConsumedBuffer&) = delete;

    char* data() { return data_; }
    std::size_t size() const { return size_; }

    // The bytes before `offset` are no longer read: their whole pages are given back once at least
    // `kReleaseStep` of them have gathered. Reading them afterwards sees zeros.
    void release_before(std::size_t offset);
    std::size_t released() const { return released_; }

    static constexpr std::size_t kReleaseStep = std::size_t{1} << 20;

private:
    char* data_ = nullptr;
    std::size_t size_ = 0;
    std::size_t bytes_ = 0;     // the mapping's length
    std::size_t released_ = 0;  // bytes given back, from the start: whole pages
};

}  // namespace msprobe
