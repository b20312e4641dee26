// msprobe's log line: "YYYY-MM-DD HH:MM:SS (<pid>) [LEVEL] message", progress
// on stdout, errors on stderr, below the threshold nothing.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <regex>
#include <string>

#include "common/log.hpp"

namespace {

// What `write` printed on `fd` (STDOUT_FILENO or STDERR_FILENO).
template <class Write>
std::string captured(int fd, Write write) {
    std::FILE* stream = fd == STDOUT_FILENO ? stdout : stderr;
    std::FILE* capture = std::tmpfile();
    std::fflush(stream);
    const int saved = ::dup(fd);
    ::dup2(::fileno(capture), fd);
    write();
    std::fflush(stream);
    ::dup2(saved, fd);
    ::close(saved);
    std::rewind(capture);
    std::string text;
    for (int c = std::fgetc(capture); c != EOF; c = std::fgetc(capture)) text += static_cast<char>(c);
    std::fclose(capture);
    return text;
}

}  // namespace

TEST_CASE("log lines carry time, pid and level, errors go to stderr, debug stays below the default threshold",
          "[common][log]") {
    const char* level = std::getenv("MSPROBE_LOG_LEVEL");
    if (level && std::string(level) != "1") {
        WARN("SKIPPED: MSPROBE_LOG_LEVEL=" << level << " is set; the test needs the default threshold");
        return;
    }
    const std::string pid = std::to_string(::getpid());
    const std::string info = captured(STDOUT_FILENO, [] { msprobe::log::info("compare starts"); });
    CHECK(std::regex_match(info, std::regex(R"(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \()" + pid +
                                            R"(\) \[INFO\] compare starts\n)")));
    const std::string warning = captured(STDOUT_FILENO, [] { msprobe::log::warning("two\nlines"); });
    // A newline in a message is escaped: one message, one line.
    CHECK(warning.ends_with(") [WARNING] two\\nlines\n"));
    const std::string error = captured(STDERR_FILENO, [] { msprobe::log::error("bad"); });
    CHECK(error.ends_with(") [ERROR] bad\n"));
    CHECK(captured(STDOUT_FILENO, [] { msprobe::log::debug("hidden"); }).empty());
}
