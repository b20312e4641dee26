// The memory a load may count on: under an address-space limit it is what the
// limit leaves, and loads side by side cannot both promise themselves the same
// free memory.
#include <catch2/catch.hpp>

#include <sys/resource.h>
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <optional>

#include "common/memory_budget.hpp"
#include "support/child_process.hpp"

namespace {

constexpr std::uintmax_t kMiB = 1u << 20;

// Runs in a child process: the limit is 64 MiB above what the process uses,
// so every other bound (MemAvailable, the cgroup) is larger on any machine
// that runs the tests. Exit code 0 when every step behaved.
[[noreturn]] void child() {
    long pages = 0;
    std::ifstream("/proc/self/statm") >> pages;
    const rlim_t used = static_cast<rlim_t>(pages) * static_cast<rlim_t>(::sysconf(_SC_PAGESIZE));
    const rlimit limit{used + 64 * kMiB, used + 64 * kMiB};
    if (::setrlimit(RLIMIT_AS, &limit) != 0) ::_exit(10);

    const auto available = msprobe::available_memory_bytes();
    if (!available || *available > 64 * kMiB || *available < 48 * kMiB) ::_exit(11);

    std::uintmax_t left = 0;
    if (msprobe::MemoryReservation::try_reserve(1024 * kMiB, left)) ::_exit(12);  // more than the limit
    if (left > 64 * kMiB || left < 48 * kMiB) ::_exit(13);
    {
        const auto first = msprobe::MemoryReservation::try_reserve(40 * kMiB, left);
        if (!first) ::_exit(14);
        // The 40 MiB promised to the first load are not free for a second one.
        if (msprobe::MemoryReservation::try_reserve(40 * kMiB, left)) ::_exit(15);
        if (left > 24 * kMiB) ::_exit(16);
    }
    // Released with the first reservation.
    if (!msprobe::MemoryReservation::try_reserve(40 * kMiB, left)) ::_exit(17);
    ::_exit(0);
}

}  // namespace

TEST_CASE("reservations count against what the address-space limit leaves", "[common][memory_budget]") {
    CHECK(msprobe::testing::exit_code_in_child(child) == 0);
}
