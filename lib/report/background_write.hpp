#pragma once
// A file written a buffer at a time by another thread while the caller fills
// the next buffer: writing hundreds of MB, the kernel's copy into the page
// cache is as large a cost as making the bytes. One write is in flight at most,
// on one thread kept for the writer's life (a thread per write would make the
// allocator set up and abandon a heap each time).
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <new>
#include <thread>
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
    void run();  // the writing thread: one write at a time, until stopped

    Write write_;
    WriteBuffer writing_;
    std::mutex mutex_;
    std::condition_variable changed_;
    bool pending_ = false;  // a write is asked for or in flight
    bool stopping_ = false;
    std::uint64_t offset_ = 0;
    std::size_t size_ = 0;
    std::exception_ptr error_;  // the last write's, until thrown
    std::thread thread_;        // started by the first write
};

}  // namespace msprobe::report
