// A run ended by SIGTERM or SIGINT while its results are staged removes them
// and exits with 128 + the signal, on both command lines. The signal is sent
// on an event (inotify: a staged file appeared), not after a duration.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/inotify.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "support/dump_generator.hpp"
#include "support/shared_fixtures.hpp"

extern char** environ;

namespace fs = std::filesystem;

namespace {

// Step folders of several ranks: with one thread, the first rank's result is
// staged long before the last rank is compared.
const fs::path& ranks_dump() {
    static const fs::path dir = [] {
        const fs::path d = msprobe::testing::scratch_dir("interrupted_run_dump");
        msprobe::testing::DumpPairOptions options;
        options.out = d;
        options.apis = 3000;
        options.ranks = 8;
        msprobe::testing::generate_dump_pair(options);
        return d;
    }();
    return dir;
}

// The same run at level mix, whose construct.json the graph commands need.
const fs::path& module_dump() {
    static const fs::path dir = [] {
        const fs::path d = msprobe::testing::scratch_dir("interrupted_run_module_dump");
        msprobe::testing::DumpPairOptions options;
        options.out = d;
        options.apis = 3000;
        options.ranks = 4;
        options.level = msprobe::testing::DumpLevel::Mix;
        msprobe::testing::generate_dump_pair(options);
        return d;
    }();
    return dir;
}

std::vector<std::string> hidden_or_visible_entries(const fs::path& dir) {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
    return names;
}

struct Interrupted {
    bool staged_seen = false;
    int exit_code = -1;
};

// Starts msprobe with `args` in `cwd`, waits for a staged file to appear in
// `out` (which must exist), stops the process at once, then sends `signo`.
Interrupted interrupt_when_staged(const std::vector<std::string>& args, const fs::path& cwd, const fs::path& out,
                                  int signo) {
    const int watch = ::inotify_init1(IN_CLOEXEC);
    REQUIRE(watch >= 0);
    REQUIRE(::inotify_add_watch(watch, out.c_str(), IN_CREATE) >= 0);
    std::vector<std::string> argv_text{MSPROBE_BINARY};
    argv_text.insert(argv_text.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : argv_text) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid = 0;
    REQUIRE(::posix_spawn(&pid, MSPROBE_BINARY, &actions, nullptr, argv.data(), environ) == 0);
    posix_spawn_file_actions_destroy(&actions);

    Interrupted result;
    alignas(inotify_event) char buffer[4096];
    int status = 0;
    bool ended = false;  // the run ended before staging anything: nothing to interrupt, and no waiting forever
    while (!result.staged_seen && !ended) {
        pollfd ready{watch, POLLIN, 0};
        if (::poll(&ready, 1, 100) <= 0) {
            ended = ::waitpid(pid, &status, WNOHANG) == pid;
            continue;
        }
        const ssize_t n = ::read(watch, buffer, sizeof buffer);
        if (n <= 0) break;
        for (ssize_t offset = 0; offset < n;) {
            const auto* event = reinterpret_cast<const inotify_event*>(buffer + offset);
            if (event->len > 0 && std::string(event->name).find(".staged-") != std::string::npos) {
                ::kill(pid, SIGSTOP);
                result.staged_seen = true;
            }
            offset += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
        }
    }
    ::close(watch);
    if (!ended) {
        ::kill(pid, signo);
        ::kill(pid, SIGCONT);
        REQUIRE(::waitpid(pid, &status, 0) == pid);
    }
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

}  // namespace

TEST_CASE("a run interrupted while its results are staged leaves no file and exits 143 or 130") {
#ifdef MSPROBE_BINARY_EMULATOR
    // A cross-built binary runs under qemu-user, whose own signal handling would be what the test exercised.
    WARN("skipped: the signals would reach the emulator (" MSPROBE_BINARY_EMULATOR "), not msprobe");
    return;
#endif
    const fs::path dir = ranks_dump();
    SECTION("April's command line, SIGTERM") {
        const fs::path out = dir / "april_out";
        fs::create_directories(out);
        const auto r = interrupt_when_staged({"-f", "pytorch", "compare", "-i", "compare_dir_step0.json", "-o",
                                              out.string(), "-j", "1"},
                                             dir, out, SIGTERM);
        REQUIRE(r.staged_seen);
        CHECK(r.exit_code == 143);
        CHECK(hidden_or_visible_entries(out).empty());
    }
    SECTION("August's command line, SIGINT") {
        const fs::path out = dir / "august_out";
        fs::create_directories(out);
        const auto r = interrupt_when_staged({"compare", "-tp", "npu/step0", "-gp", "bench/step0", "-o", out.string(),
                                              "-j", "1"},
                                             dir, out, SIGINT);
        REQUIRE(r.staged_seen);
        CHECK(r.exit_code == 130);
        CHECK(hidden_or_visible_entries(out).empty());
    }
    SECTION("graph_visualize, SIGTERM: the staged database goes too") {
        const fs::path modules = module_dump();
        const fs::path out = modules / "graph_out";
        fs::create_directories(out);
        const auto r = interrupt_when_staged({"graph_visualize", "-tp", "npu/step0", "-gp", "bench/step0", "-o",
                                              out.string(), "-j", "1"},
                                             modules, out, SIGTERM);
        REQUIRE(r.staged_seen);
        CHECK(r.exit_code == 143);
        CHECK(hidden_or_visible_entries(out).empty());
    }
}
