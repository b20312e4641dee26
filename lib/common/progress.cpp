#include "common/progress.hpp"

#include <unistd.h>

#include <cstdio>

namespace msprobe {

namespace {

constexpr std::int64_t kRedrawNs = 250'000'000;  // four times a second: readable, and cheap on a slow terminal

std::string duration_text(double seconds) {
    const auto s = static_cast<long long>(seconds + 0.5);
    char text[32];
    if (s >= 3600) {
        std::snprintf(text, sizeof text, "%lldh%02lldm", s / 3600, s / 60 % 60);
    } else if (s >= 60) {
        std::snprintf(text, sizeof text, "%lldm%02llds", s / 60, s % 60);
    } else {
        std::snprintf(text, sizeof text, "%llds", s);
    }
    return text;
}

}  // namespace

Progress::Progress(std::string label, std::int64_t total, bool wanted, std::string unit)
    : label_(std::move(label)),
      unit_(std::move(unit)),
      total_(total),
      enabled_(wanted && total > 0 && ::isatty(STDERR_FILENO) == 1),
      start_(std::chrono::steady_clock::now()) {}

Progress::~Progress() {
    if (!enabled_) return;
    std::lock_guard lock(mutex_);
    draw(done_.load(), true);
}

void Progress::advance(std::int64_t n) { maybe_draw(done_.fetch_add(n) + n); }

void Progress::advance_to(std::int64_t done) {
    done_.store(done);
    maybe_draw(done);
}

void Progress::maybe_draw(std::int64_t done) {
    if (!enabled_) return;
    const std::int64_t now =
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start_).count();
    std::int64_t last = last_draw_ns_.load();
    if (now - last < kRedrawNs) return;
    if (!last_draw_ns_.compare_exchange_strong(last, now)) return;  // another thread draws this one
    std::unique_lock lock(mutex_, std::try_to_lock);
    if (lock.owns_lock()) draw(done, false);
}

void Progress::draw(std::int64_t done, bool final) {
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const double fraction = total_ > 0 ? static_cast<double>(done) / static_cast<double>(total_) : 1.0;
    constexpr int kWidth = 30;
    const int filled = static_cast<int>(fraction * kWidth);
    char bar[kWidth + 1];
    for (int i = 0; i < kWidth; ++i) bar[i] = i < filled ? '#' : '.';
    bar[kWidth] = '\0';
    const double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0.0;
    const std::string tail = final
                                 ? "in " + duration_text(elapsed)
                                 : "ETA " + (done > 0 ? duration_text(static_cast<double>(total_ - done) / rate) : "?");
    // \033[K clears what a longer previous line left behind.
    std::fprintf(stderr, "\r%s [%s] %lld/%lld  %.1f %s/s  %s\033[K%s", label_.c_str(), bar,
                 static_cast<long long>(done), static_cast<long long>(total_), rate, unit_.c_str(), tail.c_str(),
                 final ? "\n" : "");
    std::fflush(stderr);
}

}  // namespace msprobe
