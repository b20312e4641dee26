#include "report/background_write.hpp"

#include <utility>

namespace msprobe::report {

BackgroundWrite::~BackgroundWrite() {
    if (!thread_.joinable()) return;
    {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return !pending_; });
        stopping_ = true;
    }
    changed_.notify_all();
    thread_.join();
}

void BackgroundWrite::start(WriteBuffer& buffer, std::uint64_t offset, std::size_t size) {
    wait();
    std::swap(buffer, writing_);
    buffer.resize(writing_.size());
    {
        std::lock_guard lock(mutex_);
        offset_ = offset;
        size_ = size;
        pending_ = true;
    }
    if (!thread_.joinable())
        thread_ = std::thread([this] { run(); });
    else
        changed_.notify_all();
}

void BackgroundWrite::wait() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return !pending_; });
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
}

void BackgroundWrite::run() {
    std::unique_lock lock(mutex_);
    while (true) {
        changed_.wait(lock, [&] { return pending_ || stopping_; });
        if (!pending_) return;
        lock.unlock();
        std::exception_ptr error;
        try {
            write_(offset_, writing_.data(), size_);
        } catch (...) {
            error = std::current_exception();
        }
        lock.lock();
        error_ = error;
        pending_ = false;
        changed_.notify_all();
    }
}

}  // namespace msprobe::report
