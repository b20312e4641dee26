#pragma once
// Tests that change process-wide limits (RLIMIT_AS) run their checks in a
// forked child, which reports through its exit code.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

namespace msprobe::testing {

// Runs child() (which ends with _exit) in a forked process; its exit code.
template <class Child>
int exit_code_in_child(Child&& child) {
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        child();
        ::_exit(125);  // child() is expected to end the process itself
    }
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    REQUIRE(WIFEXITED(status));
    return WEXITSTATUS(status);
}

}  // namespace msprobe::testing
