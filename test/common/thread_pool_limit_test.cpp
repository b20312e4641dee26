// A thread pool asked for more threads than the system gives starts what it
// can and works with those, instead of throwing with threads still running
// (which then blocked forever in pthread_cond_destroy).
#include <catch2/catch.hpp>

#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <fstream>

#include "common/thread_pool.hpp"
#include "support/child_process.hpp"

namespace {

// Runs in a child process: an address-space limit a little above what the
// process uses leaves room for a few thread stacks only.
[[noreturn]] void child() {
    long pages = 0;
    std::ifstream("/proc/self/statm") >> pages;
    const rlim_t used = static_cast<rlim_t>(pages) * static_cast<rlim_t>(::sysconf(_SC_PAGESIZE));
    const rlimit limit{used + (64u << 20), used + (64u << 20)};
    if (::setrlimit(RLIMIT_AS, &limit) != 0) ::_exit(10);
    msprobe::ThreadPool pool(256);
    if (pool.size() >= 256) ::_exit(11);  // the limit did not bite: the test proves nothing
    std::atomic<long> sum{0};
    pool.parallel_for(1000, [&](std::int64_t i) { sum += i; });
    ::_exit(sum == 999 * 1000 / 2 ? 0 : 12);
}

}  // namespace

TEST_CASE("a thread limit lowers the pool's size instead of failing", "[common][thread_pool]") {
    CHECK(msprobe::testing::exit_code_in_child(child) == 0);
}
