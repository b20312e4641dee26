#pragma once
// A fixed set of worker threads that help with parallel_for loops. The caller
// of parallel_for takes items too, so a loop started from inside another
// loop's body never deadlocks: if every worker is busy, the caller simply
// does all the work itself.
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace msprobe {

class ThreadPool {
public:
    // `threads` counts the caller: ThreadPool(1) starts no worker at all.
    explicit ThreadPool(unsigned threads);
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    unsigned size() const { return static_cast<unsigned>(workers_.size()) + 1; }

    // Runs body(i) for every i in [0, count) and returns when all are done.
    // Items are handed out in increasing order. The first exception thrown by
    // a body is rethrown here after the loop has drained.
    void parallel_for(std::int64_t count, const std::function<void(std::int64_t)>& body);

private:
    struct Loop;
    void work();
    static void run_items(Loop& loop);

    std::vector<std::thread> workers_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<std::shared_ptr<Loop>> loops_;
    bool stopping_ = false;
};

}  // namespace msprobe
