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

struct ThreadPool::TaskState {
    std::function<void()> work;
    std::atomic<bool> claimed{false};
    std::mutex mutex;  // guards `done` and `error`
    std::condition_variable finished;
    bool done = false;
    std::exception_ptr error;

    // Exactly one thread wins the task: a worker or the one that waits for it.
    bool claim() { return !claimed.exchange(true); }
    void run() {
        std::exception_ptr e;
        try {
            work();
        } catch (...) {
            e = std::current_exception();
        }
        work = nullptr;  // whatever it captured goes now, not when the last handle does
        std::lock_guard lock(mutex);
        error = std::move(e);
        done = true;
        finished.notify_all();
    }
    void wait_until_done() {
        std::unique_lock lock(mutex);
        finished.wait(lock, [this] { return done; });
    }
};

ThreadPool::Task& ThreadPool::Task::operator=(Task&& other) noexcept {
    if (this != &other) {
        abandon();
        state_ = std::move(other.state_);
    }
    return *this;
}

ThreadPool::Task::~Task() { abandon(); }

void ThreadPool::Task::abandon() noexcept {
    if (!state_) return;
    if (state_->claim()) {
        state_->work = nullptr;
    } else {
        state_->wait_until_done();  // a thread is in it: what it uses must outlive it
    }
    state_.reset();
}

void ThreadPool::Task::wait() {
    if (!state_) return;
    const auto state = std::move(state_);
    if (state->claim()) {
        state->run();
    } else {
        state->wait_until_done();
    }
    std::exception_ptr error;
    {
        std::lock_guard lock(state->mutex);
        error = state->error;
    }
    if (error) std::rethrow_exception(error);
}

bool ThreadPool::Task::run_here() {
    if (!state_ || !state_->claim()) return false;
    state_->run();
    return true;
}

bool ThreadPool::Task::finished() const {
    if (!state_) return true;
    std::lock_guard lock(state_->mutex);
    return state_->done;
}

ThreadPool::Task ThreadPool::start(std::function<void()> work) {
    auto state = std::make_shared<TaskState>();
    state->work = std::move(work);
    if (!workers_.empty()) {
        {
            std::lock_guard lock(mutex_);
            tasks_.push_back(state);
        }
        wake_.notify_one();
    }
    return Task(std::move(state));
}

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
        std::shared_ptr<TaskState> task;
        std::shared_ptr<Loop> loop;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || !loops_.empty() || !tasks_.empty(); });
            if (stopping_) return;
            // Tasks first: their starters go on working and will soon wait for them.
            if (!tasks_.empty()) {
                task = std::move(tasks_.front());
                tasks_.pop_front();
            } else {
                loop = loops_.front();
                // A loop whose items are all handed out leaves the queue.
                if (loop->next.load() >= loop->count) {
                    loops_.pop_front();
                    continue;
                }
            }
        }
        if (task) {
            if (task->claim()) task->run();  // else its waiter has run it already
        } else {
            run_items(*loop);
        }
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
