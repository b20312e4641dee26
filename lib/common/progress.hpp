#pragma once
// A progress line on stderr — count done/total, rate and ETA — redrawn in
// place at most four times a second, and drawn only when stderr is a terminal
// (logs, pipes and CI output stay clean). Safe to advance from any thread.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>

namespace msprobe {

class Progress {
public:
    // `unit` names what is counted in the rate ("APIs" → "12.5 APIs/s").
    Progress(std::string label, std::int64_t total, bool wanted = true, std::string unit = "items");
    ~Progress();  // finishes the line
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

    void advance(std::int64_t n = 1);
    // For work counted elsewhere (other processes): `done` in all so far.
    void advance_to(std::int64_t done);
    bool drawn() const { return enabled_; }
    std::int64_t done() const { return done_.load(); }  // counted so far, drawn or not

private:
    void maybe_draw(std::int64_t done);
    void draw(std::int64_t done, bool final);

    std::string label_;
    std::string unit_;
    std::int64_t total_;
    bool enabled_;
    std::atomic<std::int64_t> done_{0};
    std::mutex mutex_;
    std::chrono::steady_clock::time_point start_;
    std::atomic<std::int64_t> last_draw_ns_{0};  // since start_
};

}  // namespace msprobe
