#include "html_report/report_target.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "common/error.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::html_report::check_report_target;
using msprobe::html_report::RunPaths;

namespace {

// The reason check_report_target gives for `target`, or "" when it accepts it.
std::string refusal(const fs::path& target, const RunPaths& run = {}) {
    try {
        check_report_target(target, run);
        return "";
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == target.string());
        return e.reason();
    }
}

std::size_t entries_in(const fs::path& dir) {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator{}));
}

}  // namespace

TEST_CASE("report target: a new file in a writable folder, or under folders yet to be made, is accepted") {
    const fs::path dir = msprobe::testing::scratch_dir("report_target_accepted");
    CHECK(refusal(dir / "report.html") == "");
    CHECK(refusal(dir / "new" / "deeper" / "report.html") == "");
    std::ofstream(dir / "old.html") << "an earlier report";
    CHECK(refusal(dir / "old.html", RunPaths{dir / "out", {dir / "npu"}}) == "");
    CHECK(entries_in(dir) == 1);  // the check leaves nothing behind
    CHECK_FALSE(fs::exists(dir / "new"));
}

TEST_CASE("report target: a folder, the output folder or a path the run reads is refused") {
    const fs::path dir = msprobe::testing::scratch_dir("report_target_refused");
    fs::create_directories(dir / "npu" / "rank0");
    std::ofstream(dir / "npu" / "rank0" / "dump.json") << "{}";
    std::ofstream(dir / "compare.json") << "{}";
    CHECK(refusal(dir) == "--html names the report file to write, not a directory");
    CHECK(refusal(dir / "not_yet/") == "--html names the report file to write, not a directory");
    const RunPaths run{dir / "out", {dir / "compare.json", dir / "npu"}};
    CHECK(refusal(dir / "out", run) == "--html names the output folder; name a file for the report");
    CHECK(refusal(dir / "x" / ".." / "out", run) == "--html names the output folder; name a file for the report");
    CHECK(refusal(dir / "compare.json", run) == "--html names one of this run's inputs; the report would replace it");
    // A hard link is the same file by another name.
    fs::create_hard_link(dir / "compare.json", dir / "linked.json");
    CHECK(refusal(dir / "linked.json", run) == "--html names one of this run's inputs; the report would replace it");
    CHECK(refusal(dir / "npu" / "rank0" / "dump.json", run) ==
          "--html would replace a file inside the input folder " + (dir / "npu").string());
    CHECK(refusal(dir / "npu" / "rank0" / "new.html", run) == "");  // a new file there replaces nothing
}

TEST_CASE("report target: a name too long, a path the system refuses, a file on the way") {
    const fs::path dir = msprobe::testing::scratch_dir("report_target_system");
    CHECK(refusal(dir / (std::string(256, 'r') + ".html")) == "a name on this path is longer than 255 bytes");
    CHECK(refusal("/proc/msprobe_report.html").rfind("cannot create the report in /proc: ", 0) == 0);
    std::ofstream(dir / "a_file") << "x";
    CHECK(refusal(dir / "a_file" / "report.html") == (dir / "a_file").string() + " is not a directory");
}
