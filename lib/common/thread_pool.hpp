#pragma once
// A fixed set of worker threads that help with parallel_for loops and started
// tasks. The caller of parallel_for takes items too, so a loop started from
// inside another loop's body never deadlocks: if every worker is busy, the
// caller simply does all the work itself. Likewise a task nobody has taken
// yet runs on the thread that waits for it.
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

    struct TaskState;
    // Work started on the pool while its starter goes on with something else.
    class Task {
    public:
        Task() = default;
        Task(Task&&) noexcept = default;
        Task& operator=(Task&&) noexcept;
        // A task never waited for is dropped if no thread has begun it, else waited for.
        ~Task();

        // Returns once the work is done, doing it on this thread if no worker
        // has taken it yet; rethrows its exception.
        void wait();
        // Does the work on this thread if no thread has begun it (its exception kept for wait()); whether it did.
        bool run_here();
        // Whether the work is done (by whichever thread).
        bool finished() const;

    private:
        friend class ThreadPool;
        explicit Task(std::shared_ptr<TaskState> state) : state_(std::move(state)) {}
        void abandon() noexcept;
        std::shared_ptr<TaskState> state_;
    };

    // Hands `work` to an idle worker, if there is one by the time it is
    // waited for; with ThreadPool(1) it runs inside wait(), so the pool's
    // size still bounds the threads.
    [[nodiscard]] Task start(std::function<void()> work);

private:
    struct Loop;
    void work();
    static void run_items(Loop& loop);

    std::vector<std::thread> workers_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<std::shared_ptr<Loop>> loops_;
    std::deque<std::shared_ptr<TaskState>> tasks_;
    bool stopping_ = false;
};

}  // namespace msprobe
