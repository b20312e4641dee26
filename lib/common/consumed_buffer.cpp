#include "common/consumed_buffer.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <new>

namespace msprobe {

namespace {

std::size_t page_size() {
    static const auto size = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    return size;
}

}  // namespace

ConsumedBuffer::ConsumedBuffer(const InputFile& file, std::size_t padding)
    : size_(static_cast<std::size_t>(file.size())) {
    // Its own mapping, so that pages can be given back without the allocator's knowing.
    bytes_ = std::max<std::size_t>(1, (size_ + padding + page_size() - 1) / page_size()) * page_size();
    void* mapped = ::mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapped == MAP_FAILED) throw std::bad_alloc();
    data_ = static_cast<char*>(mapped);
#ifdef MADV_HUGEPAGE
    // Filled at once by the read: huge pages cut its page faults by 512 (a third of a graph
    // compare's system time where a fault is dear, as on a virtual machine). Advice only.
    ::madvise(data_, bytes_, MADV_HUGEPAGE);
#endif
    try {
        file.read_into(data_);  // the padding is the mapping's own zeros
    } catch (...) {
        ::munmap(data_, bytes_);
        throw;
    }
}

ConsumedBuffer::~ConsumedBuffer() { ::munmap(data_, bytes_); }

void ConsumedBuffer::release_before(std::size_t offset) {
    const std::size_t end = std::min(offset, size_) / page_size() * page_size();
    if (end < released_ + kReleaseStep) return;
    // A failure leaves the pages where they are: nothing but memory is at stake.
    if (::madvise(data_ + released_, end - released_, MADV_DONTNEED) == 0) released_ = end;
}

}  // namespace msprobe
