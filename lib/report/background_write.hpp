#pragma once
// A file written a buffer at a time by another thread while the caller fills
// the next buffer: writing hundreds of MB, the kernel's copy into the page
// cache is as large a cost as making the bytes. One write is in flight at most.
#include <cstdint>
#include <functional>
#include <future>
#include <new>
#include <vector>

namespace msprobe::report {

// Memory aligned to 4096 bytes, as a file opened with O_DIRECT needs it.
template <typename T>
struct PageAlignedAllocator {
    using value_type = T;
    static constexpr std::align_val_t kAlignment{4096};
    PageAlignedAllocator() = default;
    template <typename U>
    PageAlignedAllocator(const PageAlignedAllocator<U>&) {}  // NOLINT(google-explicit-constructor)
    T* allocate(std::size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), kAlignment)); }
    void deallocate(T* p, std::size_t) { ::operator delete(p, kAlignment); }
    bool operator==(const PageAlignedAllocator&) const { return true; }
};

using WriteBuffer = std::vector<std::uint8_t, PageAlignedAllocator<std::uint8_t>>;

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
    void start(WriteBuffer& buffer, std::uint64_t offset, std::size_t size);
    // Waits for the write in flight; throws its error.
    void wait();

private:
    Write write_;
    WriteBuffer writing_;
    std::future<void> done_;
};

}  // namespace msprobe::report
