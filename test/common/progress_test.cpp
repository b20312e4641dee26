// The progress line: drawn on a terminal (count, rate, final time), nothing
// at all when stderr is a file. stderr is pointed at a pseudo-terminal or a
// file for the duration of each check.
#include "common/progress.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>
#include <catch2/catch.hpp>

#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace {

// Runs `body` with file descriptor 2 replaced by `fd`, then restores it.
template <typename Body>
void with_stderr_on(int fd, Body body) {
    std::fflush(stderr);
    const int saved = ::dup(STDERR_FILENO);
    REQUIRE(saved >= 0);
    REQUIRE(::dup2(fd, STDERR_FILENO) == STDERR_FILENO);
    body();
    std::fflush(stderr);
    ::dup2(saved, STDERR_FILENO);
    ::close(saved);
}

std::string read_available(int fd) {
    std::string text;
    char buffer[4096];
    for (;;) {
        const auto n = ::read(fd, buffer, sizeof buffer);
        if (n <= 0) break;
        text.append(buffer, static_cast<std::size_t>(n));
    }
    return text;
}

}  // namespace

TEST_CASE("progress is drawn on a terminal: count, rate and the final line", "[common]") {
    const int master = ::posix_openpt(O_RDWR | O_NOCTTY);
    REQUIRE(master >= 0);
    REQUIRE(::grantpt(master) == 0);
    REQUIRE(::unlockpt(master) == 0);
    const int terminal = ::open(::ptsname(master), O_RDWR | O_NOCTTY);
    REQUIRE(terminal >= 0);
    with_stderr_on(terminal, [] {
        msprobe::Progress progress("run_ut", 3, true, "APIs");
        CHECK(progress.drawn());
        progress.advance(2);
        progress.advance_to(3);
    });
    ::close(terminal);
    ::fcntl(master, F_SETFL, O_NONBLOCK);
    const std::string shown = read_available(master);
    ::close(master);
    INFO(shown);
    // The final line is drawn whatever the timing: every API counted, a rate, the elapsed time.
    const auto final_line = shown.rfind("\rrun_ut [");
    REQUIRE(final_line != std::string::npos);
    CHECK(shown.find("] 3/3  ", final_line) != std::string::npos);
    CHECK(shown.find(" APIs/s  in ", final_line) != std::string::npos);
    CHECK(shown.back() == '\n');
}

TEST_CASE("progress draws nothing when stderr is a file, or when not wanted", "[common]") {
    const auto path = msprobe::testing::scratch_dir("common_progress") / "stderr.txt";
    const int file = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    REQUIRE(file >= 0);
    with_stderr_on(file, [] {
        msprobe::Progress progress("run_ut", 3, true, "APIs");
        CHECK_FALSE(progress.drawn());
        progress.advance(3);
    });
    ::close(file);
    CHECK(msprobe::testing::read_file_text(path).empty());
    msprobe::Progress unwanted("run_ut", 3, false, "APIs");
    CHECK_FALSE(unwanted.drawn());
}

TEST_CASE("progress counts what is done whether it is drawn or not, from any thread", "[common]") {
    msprobe::Progress progress("Comparing ranks", 4000, false, "ranks");
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&progress] {
            for (int i = 0; i < 1000; ++i) progress.advance();
        });
    }
    for (auto& thread : threads) thread.join();
    CHECK_FALSE(progress.drawn());
    CHECK(progress.done() == 4000);
    progress.advance_to(10);
    CHECK(progress.done() == 10);
}
