// multi_run_ut's worker supervision (spec run_ut §13 step 6): failures are
// counted, and SIGINT/SIGTERM to this process stops the workers and is reported.
#include <catch2/catch.hpp>

#include <csignal>
#include <unistd.h>

#include "run_ut/worker_processes.hpp"

using msprobe::run_ut::WorkerProcesses;

TEST_CASE("workers that exit non-zero are counted as failed", "[run_ut]") {
    WorkerProcesses workers;
    workers.start({"/bin/true"});
    workers.start({"/bin/false"});
    workers.start({"/bin/sh", "-c", "exit 3"});
    const auto outcome = workers.wait_all();
    CHECK(outcome.failed == 2);
    CHECK(outcome.interrupted_by == 0);
}

TEST_CASE("SIGINT or SIGTERM stops the running workers and names the signal", "[run_ut]") {
    for (const int signo : {SIGINT, SIGTERM}) {
        INFO(signo);
        WorkerProcesses workers;
        workers.start({"/bin/sleep", "600"});
        workers.start({"/bin/sleep", "600"});
        ::kill(::getpid(), signo);  // what Ctrl-C or `kill` does to multi_run_ut
        const auto outcome = workers.wait_all();  // returns only once both sleeps are gone
        CHECK(outcome.interrupted_by == signo);
        CHECK(outcome.failed == 0);
    }
}

TEST_CASE("a program that cannot be started is an error naming it", "[run_ut]") {
    WorkerProcesses workers;
    CHECK_THROWS_WITH(workers.start({"/nonexistent/msprobe-torch"}), Catch::Contains("/nonexistent/msprobe-torch"));
}
