#pragma once
// A progress line with rate and ETA on stderr, drawn only when stderr is a
// terminal (logs and CI output stay clean). Safe to advance from any thread.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>

namespace msprobe {

class Progress {
public:
    Progress(std::string label, std::int64_t total, bool wanted = true);
    ~Progress();  // finishes the line
    void advance(std::int64_t n = 1);

private:
    void draw(std::int64_t done, bool final);

    std::string label_;
    std::int64_t total_;
    bool enabled_;
    std::atomic<std::int64_t> done_{0};
    std::mutex mutex_;
    std::chrono::steady_clock::time_point start_;
    std::chrono::steady_clock::time_point last_draw_;
};

}  // namespace msprobe
