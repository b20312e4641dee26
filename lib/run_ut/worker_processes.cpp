#include "run_ut/worker_processes.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>

#include "common/error.hpp"
#include "common/launcher_environment.hpp"

namespace msprobe::run_ut {

namespace {

// The self-pipe the handlers write to, so the waiting loop wakes for a finished worker or an interruption.
int g_wake_pipe[2] = {-1, -1};
volatile std::sig_atomic_t g_interrupted_by = 0;
struct sigaction g_previous[3];
constexpr int kHandled[3] = {SIGINT, SIGTERM, SIGCHLD};

extern "C" void on_signal(int signo) {
    if (signo != SIGCHLD) g_interrupted_by = signo;
    const int saved = errno;
    const char byte = 1;
    [[maybe_unused]] const auto n = ::write(g_wake_pipe[1], &byte, 1);
    errno = saved;
}

void drain_wake_pipe() {
    char buffer[64];
    while (::read(g_wake_pipe[0], buffer, sizeof buffer) > 0) {
    }
}

// Reaps `pid` if it has ended; true when it has (or is no child of ours any more).
bool reap(pid_t pid, int& status) {
    for (;;) {
        const pid_t r = ::waitpid(pid, &status, WNOHANG);
        if (r == pid) return true;
        if (r == 0) return false;
        if (errno == EINTR) continue;
        status = 0;
        return true;  // ECHILD: already reaped (SIGCHLD ignored by the caller's environment)
    }
}

}  // namespace

WorkerProcesses::WorkerProcesses() {
    if (::pipe2(g_wake_pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
        throw Error("", fmt::format("cannot create a pipe for the worker processes: {}", std::strerror(errno)));
    }
    g_interrupted_by = 0;
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART | SA_NOCLDSTOP;
    for (std::size_t i = 0; i < 3; ++i) ::sigaction(kHandled[i], &action, &g_previous[i]);
}

WorkerProcesses::~WorkerProcesses() {
    stop_running();
    for (std::size_t i = 0; i < 3; ++i) ::sigaction(kHandled[i], &g_previous[i], nullptr);
    ::close(g_wake_pipe[0]);
    ::close(g_wake_pipe[1]);
    g_wake_pipe[0] = g_wake_pipe[1] = -1;
}

void WorkerProcesses::start(const std::vector<std::string>& argv_text) {
    std::vector<std::string> args = argv_text;
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    // The workers get default signal handling and an empty mask, whatever this process uses.
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t defaults;
    sigemptyset(&defaults);
    for (const int s : kHandled) sigaddset(&defaults, s);
    sigset_t empty;
    sigemptyset(&empty);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setsigmask(&attr, &empty);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    // A worker is a plain run even when a launcher started this process (multi_run_ut under mpirun).
    std::vector<std::string> environment = plain_run_environment();
    std::vector<char*> envp;
    for (auto& variable : environment) envp.push_back(variable.data());
    envp.push_back(nullptr);
    pid_t pid = 0;
    const int rc = ::posix_spawn(&pid, argv[0], nullptr, &attr, argv.data(), envp.data());
    posix_spawnattr_destroy(&attr);
    if (rc != 0) throw Error(argv_text.at(0), fmt::format("cannot start a worker process: {}", std::strerror(rc)));
    running_.push_back(pid);
}

WorkerProcesses::Outcome WorkerProcesses::wait_all(const std::function<void()>& on_tick) {
    Outcome outcome;
    while (!running_.empty()) {
        for (auto it = running_.begin(); it != running_.end();) {
            int status = 0;
            if (reap(*it, status)) {
                if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) ++outcome.failed;
                it = running_.erase(it);
            } else {
                ++it;
            }
        }
        if (running_.empty() || g_interrupted_by != 0) break;
        pollfd wake{g_wake_pipe[0], POLLIN, 0};
        // Woken by the handlers; without on_tick the timeout only guards against a lost wake-up.
        ::poll(&wake, 1, on_tick ? 250 : 1000);
        drain_wake_pipe();
        if (on_tick) on_tick();
    }
    outcome.interrupted_by = g_interrupted_by;
    stop_running();
    return outcome;
}

// SIGTERM to every worker still running, SIGKILL to those alive a second later, all reaped.
void WorkerProcesses::stop_running() {
    if (running_.empty()) return;
    for (const pid_t pid : running_) ::kill(pid, SIGTERM);
    for (int tick = 0; tick < 20 && !running_.empty(); ++tick) {
        running_.erase(std::remove_if(running_.begin(), running_.end(),
                                      [](pid_t pid) {
                                          int status = 0;
                                          return reap(pid, status);
                                      }),
                       running_.end());
        if (!running_.empty()) ::usleep(50'000);
    }
    for (const pid_t pid : running_) {
        ::kill(pid, SIGKILL);
        int status = 0;
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
    }
    running_.clear();
}

}  // namespace msprobe::run_ut
