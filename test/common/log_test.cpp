// msprobe's log line: "YYYY-MM-DD HH:MM:SS (<pid>) [LEVEL] message", progress
// on stdout, errors on stderr, below the threshold nothing.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <regex>
#include <string>

#include "common/log.hpp"
#include "support/captured_output.hpp"

using msprobe::testing::captured_output;

TEST_CASE("log lines carry time, pid and level, errors go to stderr, debug stays below the default threshold",
          "[common][log]") {
    const char* level = std::getenv("MSPROBE_LOG_LEVEL");
    if (level && std::string(level) != "1") {
        WARN("SKIPPED: MSPROBE_LOG_LEVEL=" << level << " is set; the test needs the default threshold");
        return;
    }
    const std::string pid = std::to_string(::getpid());
    const std::string info = captured_output(STDOUT_FILENO, [] { msprobe::log::info("compare starts"); });
    CHECK(std::regex_match(info, std::regex(R"(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \()" + pid +
                                            R"(\) \[INFO\] compare starts\n)")));
    const std::string warning = captured_output(STDOUT_FILENO, [] { msprobe::log::warning("two\nlines"); });
    // A newline in a message is escaped: one message, one line.
    CHECK(warning.ends_with(") [WARNING] two\\nlines\n"));
    const std::string error = captured_output(STDERR_FILENO, [] { msprobe::log::error("bad"); });
    CHECK(error.ends_with(") [ERROR] bad\n"));
    CHECK(captured_output(STDOUT_FILENO, [] { msprobe::log::debug("hidden"); }).empty());
}
