#include "common/interrupt_cleanup.hpp"

#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::InterruptCleanup;

namespace {

void touch(const fs::path& p) { std::ofstream(p) << "x"; }

}  // namespace

TEST_CASE("registered files, staging folders and empty folders are removed, released ones stay") {
    const fs::path dir = msprobe::testing::scratch_dir("interrupt_cleanup_kinds");
    const std::size_t before = msprobe::registered_path_count();
    touch(dir / "staged");
    touch(dir / "kept");
    fs::create_directories(dir / "staging");
    touch(dir / "staging" / "a.csv");
    touch(dir / "staging" / ".hidden");
    fs::create_directories(dir / "made" / "inner");
    fs::create_directories(dir / "full");
    touch(dir / "full" / "result.xlsx");
    {
        InterruptCleanup staged(dir / "staged");
        InterruptCleanup kept(dir / "kept");
        InterruptCleanup staging(dir / "staging", InterruptCleanup::Kind::Folder);
        // Registered outermost first, as StagedFiles makes them: the inner one must still go first.
        InterruptCleanup made(dir / "made", InterruptCleanup::Kind::EmptyFolder);
        InterruptCleanup inner(dir / "made" / "inner", InterruptCleanup::Kind::EmptyFolder);
        InterruptCleanup full(dir / "full", InterruptCleanup::Kind::EmptyFolder);
        kept.release();
        CHECK(msprobe::registered_path_count() == before + 5);
        msprobe::remove_registered_paths();
    }
    CHECK(msprobe::registered_path_count() == before);
    CHECK(!fs::exists(dir / "staged"));
    CHECK(fs::exists(dir / "kept"));
    CHECK(!fs::exists(dir / "staging"));
    CHECK(!fs::exists(dir / "made"));
    CHECK(fs::exists(dir / "full" / "result.xlsx"));  // a folder holding results is never emptied
}

TEST_CASE("a withdrawn registration's slot is reused, and a moved registration keeps its path") {
    const fs::path dir = msprobe::testing::scratch_dir("interrupt_cleanup_reuse");
    const std::size_t before = msprobe::registered_path_count();
    for (int i = 0; i < 1000; ++i) {
        InterruptCleanup once(dir / ("file" + std::to_string(i)));
    }
    CHECK(msprobe::registered_path_count() == before);
    touch(dir / "moved");
    std::vector<InterruptCleanup> held;
    held.emplace_back(dir / "moved");
    held.reserve(64);  // moves the registration
    CHECK(msprobe::registered_path_count() == before + 1);
    msprobe::remove_registered_paths();
    CHECK(!fs::exists(dir / "moved"));
    held.clear();
    CHECK(msprobe::registered_path_count() == before);
}

TEST_CASE("SIGTERM removes the registered paths and exits with 128 + the signal (143, 130, 129)") {
    const fs::path dir = msprobe::testing::scratch_dir("interrupt_cleanup_signal");
    for (const int signo : {SIGTERM, SIGINT, SIGHUP}) {
        const fs::path file = dir / ("staged" + std::to_string(signo));
        touch(file);
        const pid_t pid = ::fork();
        REQUIRE(pid >= 0);
        if (pid == 0) {
            msprobe::install_interrupt_cleanup();
            InterruptCleanup staged(file);
            ::raise(signo);
            ::_exit(0);  // not reached: the handler exits
        }
        int status = 0;
        REQUIRE(::waitpid(pid, &status, 0) == pid);
        REQUIRE(WIFEXITED(status));
        CHECK(WEXITSTATUS(status) == 128 + signo);
        CHECK(!fs::exists(file));
    }
}

TEST_CASE("an interrupt stops the other threads first, so none leaves a file created after the removal") {
    const fs::path dir = msprobe::testing::scratch_dir("interrupt_cleanup_threads");
    for (int round = 0; round < 20; ++round) {
        const fs::path files = dir / std::to_string(round);
        fs::create_directories(files);
        const pid_t pid = ::fork();
        REQUIRE(pid >= 0);
        if (pid == 0) {
            msprobe::install_interrupt_cleanup();
            std::atomic<int> created{0};
            // A writer that registers and creates files as fast as it can, as staging threads do.
            std::thread writer([&] {
                std::vector<InterruptCleanup> held;
                held.reserve(1 << 20);
                for (int i = 0;; ++i) {
                    const fs::path p = files / std::to_string(i);
                    held.emplace_back(p);
                    std::ofstream(p) << "x";
                    created.fetch_add(1);
                }
            });
            while (created.load() < 50) std::this_thread::yield();
            ::kill(::getpid(), SIGTERM);
            for (;;) ::pause();
        }
        int status = 0;
        REQUIRE(::waitpid(pid, &status, 0) == pid);
        REQUIRE(WIFEXITED(status));
        CHECK(WEXITSTATUS(status) == 143);
        CHECK(fs::is_empty(files));
    }
}
