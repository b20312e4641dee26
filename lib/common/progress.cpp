#include "common/progress.hpp"

#include <unistd.h>

#include <cstdio>

namespace msprobe {

Progress::Progress(std::string label, std::int64_t total, bool wanted)
    : label_(std::move(label)),
      total_(total),
      enabled_(wanted && total > 0 && ::isatty(STDERR_FILENO) == 1),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

Progress::~Progress() {
    if (enabled_) draw(done_.load(), true);
}

void Progress::advance(std::int64_t n) {
    const std::int64_t done = done_.fetch_add(n) + n;
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_draw_ < std::chrono::milliseconds(100) && done < total_) return;
    std::unique_lock lock(mutex_, std::try_to_lock);
    if (!lock.owns_lock()) return;
    last_draw_ = now;
    draw(done, false);
}

void Progress::draw(std::int64_t done, bool final) {
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const double fraction = total_ > 0 ? static_cast<double>(done) / static_cast<double>(total_) : 1.0;
    constexpr int kWidth = 30;
    const int filled = static_cast<int>(fraction * kWidth);
    char bar[kWidth + 1];
    for (int i = 0; i < kWidth; ++i) bar[i] = i < filled ? '#' : '.';
    bar[kWidth] = '\0';
    const double eta = done > 0 ? elapsed / static_cast<double>(done) * static_cast<double>(total_ - done) : 0.0;
    std::fprintf(stderr, "\r%s [%s] %lld/%lld  %.0fs elapsed  ETA %.0fs%s", label_.c_str(), bar,
                 static_cast<long long>(done), static_cast<long long>(total_), elapsed, eta, final ? "\n" : "");
    std::fflush(stderr);
}

}  // namespace msprobe
