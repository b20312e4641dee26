#pragma once
// A file written a buffer at a time by another thread while the caller fills
// the next buffer: writing hundreds of MB, the kernel's copy into the page
// cache is as large a cost as making the bytes. One write is in flight at most.
#include <cstdint>
#include <functional>
#include <future>
#include <vector>

namespace msprobe::report {

class BackgroundWrite {
public:
    // `write` writes `size` bytes at `offset` (throwing on failure); it runs on the other thread.
    using Write = std::function<void(std::uint64_t offset, const std::uint8_t* data, std::size_t size)>;
    explicit BackgroundWrite(Write write) : write_(std::move(write)) {}
    ~BackgroundWrite();  // waits for the write in flight; its error is dropped
    BackgroundWrite(const BackgroundWrite&) = delete;
    BackgroundWrite& operator=(const BackgroundWrite&) = delete;

    // Starts writing the first `size` bytes of `buffer` at `offset`, once the write before is done (its error is
    // thrown here). `buffer` is taken; the caller gets back the free buffer of the write before, of the same size.
    void start(std::vector<std::uint8_t>& buffer, std::uint64_t offset, std::size_t size);
    // Waits for the write in flight; throws its error.
    void wait();

private:
    Write write_;
    std::vector<std::uint8_t> writing_;
    std::future<void> done_;
};

}  // namespace msprobe::report
