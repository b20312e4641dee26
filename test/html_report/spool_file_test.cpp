// The report's spool: a nameless temporary file that takes lines as they
// pass, gathers other spools' lines (each append says where they landed) and
// copies the first lines of a range back out, whatever the buffer's size.
#include "html_report/spool_file.hpp"

#include <catch2/catch.hpp>

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>

#include "common/error.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::html_report::SpoolFile;

namespace {

// What copy_lines writes for `range`, at most `max_lines` lines, and how many it says it copied.
std::pair<std::string, std::size_t> copied(SpoolFile& spool, const SpoolFile::Range& range, std::size_t max_lines) {
    const auto path = fs::temp_directory_path() / ("spool_file_test_" + std::to_string(::getpid()) + ".txt");
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> out(std::fopen(path.c_str(), "wb"), &std::fclose);
    REQUIRE(out);
    const std::size_t lines = spool.copy_lines(out.get(), range, max_lines, path.string());
    out.reset();
    std::string text = msprobe::testing::read_file_text(path);
    fs::remove(path);
    return {text, lines};
}

}  // namespace

TEST_CASE("spool file: the file has no name in its folder", "[html_report][spool_file]") {
    const auto dir = msprobe::testing::scratch_dir("spool_file_nameless");
    SpoolFile spool(dir);
    spool.add_line("row");
    CHECK(fs::is_empty(dir));
    CHECK(spool.lines() == 1);
    // A folder that does not exist: the system's temporary folder instead.
    SpoolFile elsewhere(dir / "missing");
    elsewhere.add_line("row");
    CHECK(elsewhere.lines() == 1);
    CHECK_FALSE(fs::exists(dir / "missing"));
}

TEST_CASE("spool file: appends say where another spool's lines landed", "[html_report][spool_file]") {
    const auto dir = msprobe::testing::scratch_dir("spool_file_append");
    SpoolFile first(dir);
    first.add_line("a1");
    first.add_line("a2");
    SpoolFile second(dir);
    second.add_line("b1");
    SpoolFile total(dir);
    total.add_line("t0");

    const auto a = total.append(first);
    CHECK(a.offset == 3);  // after "t0\n"
    CHECK(a.bytes == 6);
    CHECK(a.lines == 2);
    const auto b = total.append(second);
    CHECK(b.offset == 9);
    CHECK(b.bytes == 3);
    CHECK(b.lines == 1);
    CHECK(total.lines() == 4);
    CHECK(first.lines() == 2);  // the source keeps its lines

    CHECK(copied(total, a, 5) == std::pair<std::string, std::size_t>{"a1\na2\n", 2});
    CHECK(copied(total, a, 1) == std::pair<std::string, std::size_t>{"a1\n", 1});
    CHECK(copied(total, a, 0) == std::pair<std::string, std::size_t>{"", 0});
    CHECK(copied(total, b, 5) == std::pair<std::string, std::size_t>{"b1\n", 1});
    CHECK(copied(total, {0, 3, 1}, 1) == std::pair<std::string, std::size_t>{"t0\n", 1});
}

TEST_CASE("spool file: lines cross the write buffer and the read blocks whole", "[html_report][spool_file]") {
    const auto dir = msprobe::testing::scratch_dir("spool_file_large");
    SpoolFile rows(dir);
    std::string expected;
    for (int i = 0; i < 700; ++i) {  // about 700 KB: buffers of 256 KiB flushed on the way
        const std::string line = std::to_string(i) + std::string(1000, 'x');
        rows.add_line(line);
        if (i < 550) expected += line + '\n';
    }
    SpoolFile total(dir);
    const auto range = total.append(rows);
    CHECK(range.lines == 700);
    const auto [text, lines] = copied(total, range, 550);
    CHECK(lines == 550);
    CHECK(text == expected);
    total.add_line("after");  // the spool still takes lines after a read
    CHECK(total.lines() == 701);
}

TEST_CASE("spool file: a full output is named in the error", "[html_report][spool_file]") {
    if (!fs::exists("/dev/full")) {
        WARN("SKIPPED: /dev/full is absent; the failed copy was not tried");
        return;
    }
    const auto dir = msprobe::testing::scratch_dir("spool_file_full");
    SpoolFile spool(dir);
    for (int i = 0; i < 200; ++i) spool.add_line(std::string(1000, 'y'));
    SpoolFile total(dir);
    const auto range = total.append(spool);
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> full(std::fopen("/dev/full", "wb"), &std::fclose);
    REQUIRE(full);
    std::setvbuf(full.get(), nullptr, _IONBF, 0);  // unbuffered: the write itself fails
    try {
        total.copy_lines(full.get(), range, 200, "report.html");
        FAIL("copied into /dev/full");
    } catch (const msprobe::Error& e) {
        CHECK(std::string(e.what()) == std::string("report.html: write failed: ") + std::strerror(ENOSPC));
    }
}
