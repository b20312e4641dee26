#include "common/log.hpp"

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <mutex>
#include <string>

#include "common/printable.hpp"

namespace msprobe::log {

namespace {

int threshold() {
    static const int value = [] {
        const char* env = std::getenv("MSPROBE_LOG_LEVEL");
        if (env && env[0] >= '0' && env[0] <= '4' && env[1] == '\0') return env[0] - '0';
        return 1;
    }();
    return value;
}

std::atomic<int> quiet_scopes{0};  // every thread of the process is quiet, the pool's too

const char* level_name(Level level) {
    switch (level) {
        case Level::Debug: return "DEBUG";
        case Level::Info: return "INFO";
        case Level::Warning: return "WARNING";
        case Level::Error: return "ERROR";
    }
    return "INFO";
}

}  // namespace

void write(Level level, std::string_view message) {
    if (static_cast<int>(level) < threshold()) return;
    if (level != Level::Error && quiet_scopes.load(std::memory_order_relaxed) > 0) return;
    char stamp[32];
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    std::strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S", &local);
    // Control characters would let a crafted name forge log lines or cut them short.
    const std::string clean = printable(message);
    static std::mutex mutex;
    std::lock_guard lock(mutex);
    // Progress goes to stdout as in msprobe; errors to stderr, where scripts look for them.
    std::FILE* stream = level == Level::Error ? stderr : stdout;
    std::fprintf(stream, "%s (%d) [%s] %s\n", stamp, static_cast<int>(::getpid()), level_name(level), clean.c_str());
    std::fflush(stream);
}

QuietScope::QuietScope(bool quiet) : quiet_(quiet) {
    if (quiet_) quiet_scopes.fetch_add(1, std::memory_order_relaxed);
}

QuietScope::~QuietScope() {
    if (quiet_) quiet_scopes.fetch_sub(1, std::memory_order_relaxed);
}

}  // namespace msprobe::log
