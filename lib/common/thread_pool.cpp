#include "common/thread_pool.hpp"

#include <atomic>
#include <exception>
#include <string>
#include <system_error>
#include <utility>

#include "common/log.hpp"

namespace msprobe {

namespace {
std::string fewer_threads_message(unsigned wanted, unsigned started, const char* reason) {
    return "cannot start " + std::to_string(wanted) + " threads (" + reason + "); continuing with " +
           std::to_string(started) + ".";
}
}  // namespace

struct ThreadPool::Loop {
    std::int64_t count = 0;
    const std::function<void(std::int64_t)>* body = nullptr;
    std::atomic<std::int64_t> next{0};
    std::atomic<std::int64_t> done{0};
    std::mutex mutex;  // guards `error`; `finished` waits on it
    std::condition_variable finished;
    std::exception_ptr error;

    bool failed() {
        std::lock_guard lock(mutex);
        return error != nullptr;
    }
    // The first error wins: later ones are dropped.
    void record(std::exception_ptr e) {
        std::lock_guard lock(mutex);
        if (!error) error = std::move(e);
    }
};

ThreadPool::ThreadPool(unsigned threads) {
    for (unsigned i = 1; i < threads; ++i) {
        try {
            workers_.emplace_back([this] { work(); });
        } catch (const std::system_error& e) {
            // The system's thread limit: the loops run on the threads that did start (the caller counts too).
            log::warning(fewer_threads_message(threads, i, e.what()));
            break;
        }
    }
}

ThreadPool::~ThreadPool() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    for (auto& w : workers_) w.join();
}

void ThreadPool::run_items(Loop& loop) {
    for (;;) {
        const std::int64_t i = loop.next.fetch_add(1);
        if (i >= loop.count) return;
        // Once an item has thrown, the others are only counted off.
        try {
            if (!loop.failed()) (*loop.body)(i);
        } catch (...) {
            loop.record(std::current_exception());
        }
        if (loop.done.fetch_add(1) + 1 == loop.count) {
            std::lock_guard lock(loop.mutex);
            loop.finished.notify_all();
        }
    }
}

void ThreadPool::work() {
    for (;;) {
        std::shared_ptr<Loop> loop;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || !loops_.empty(); });
            if (stopping_) return;
            loop = loops_.front();
            // A loop whose items are all handed out leaves the queue.
            if (loop->next.load() >= loop->count) {
                loops_.pop_front();
                continue;
            }
        }
        run_items(*loop);
    }
}

void ThreadPool::parallel_for(std::int64_t count, const std::function<void(std::int64_t)>& body) {
    if (count <= 0) return;
    auto loop = std::make_shared<Loop>();
    loop->count = count;
    loop->body = &body;
    if (!workers_.empty() && count > 1) {
        {
            std::lock_guard lock(mutex_);
            loops_.push_back(loop);
        }
        wake_.notify_all();
    }
    run_items(*loop);
    std::exception_ptr error;
    {
        std::unique_lock lock(loop->mutex);
        loop->finished.wait(lock, [&] { return loop->done.load() >= count; });
        error = loop->error;
    }
    {
        std::lock_guard lock(mutex_);
        for (auto it = loops_.begin(); it != loops_.end(); ++it) {
            if (*it == loop) {
                loops_.erase(it);
                break;
            }
        }
    }
    if (error) std::rethrow_exception(error);
}

}  // namespace msprobe
