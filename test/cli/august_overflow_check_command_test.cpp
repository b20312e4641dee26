// August's overflow_check through the binary: plain `-i STEP_DIR -o OUT` runs
// msprobe's analysis, --scan, any option of the scan or a file as -i runs our
// scan instead.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

#include "msprobe_process.hpp"
#include "support/directory_names.hpp"
#include "support/file_text.hpp"
#include "support/overflow_sample_dumps.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe::testing;

namespace {

// A step folder of one rank whose Torch.mul turns clean inputs into inf.
fs::path write_step(const fs::path& dir) {
    const fs::path rank = dir / "step0" / "rank0";
    fs::create_directories(rank);
    write_file(rank / "dump.json", worked_example_dump());
    write_file(rank / "construct.json", "{}");
    write_file(rank / "stack.json", "{}");
    return dir / "step0";
}

// The exit code of `msprobe overflow_check <arguments>` (space separated).
int run_command(const std::string& arguments) {
    std::vector<std::string> args{"overflow_check"};
    std::istringstream words(arguments);
    for (std::string word; words >> word;) args.push_back(word);
    return run_msprobe(args, scratch_dir("august_overflow_check_cwd")).exit_code;
}

bool all_start_with(const std::vector<std::string>& names, const std::string& prefix) {
    return std::all_of(names.begin(), names.end(), [&](const std::string& n) { return n.starts_with(prefix); });
}

}  // namespace

TEST_CASE("August overflow_check: -i and -o alone run the first-anomaly analysis", "[cli][august_overflow_check]") {
    const fs::path dir = scratch_dir("august_overflow_check_analysis");
    const fs::path step = write_step(dir);
    CHECK(run_command("-i " + step.string() + " -o " + (dir / "out").string()) == 0);
    const auto names = names_in(dir / "out");
    REQUIRE(names.size() == 1);
    CHECK(names[0].starts_with("anomaly_analyze_"));
    CHECK(read_file_text(dir / "out" / names[0]).find("\"op_name\": \"Torch.mul.0.forward\"") != std::string::npos);
}

TEST_CASE("August overflow_check: --scan or a scan option runs the scan", "[cli][august_overflow_check]") {
    const fs::path dir = scratch_dir("august_overflow_check_scan");
    const fs::path step = write_step(dir);

    CHECK(run_command("-i " + step.string() + " -o " + (dir / "json").string() + " --format json") == 0);
    const auto json = names_in(dir / "json");
    REQUIRE(json.size() == 1);
    CHECK(json[0].starts_with("overflow_check_"));
    CHECK(json[0].ends_with(".json"));

    CHECK(run_command("-i " + step.string() + " -o " + (dir / "scan").string() + " --scan") == 0);
    const auto scan = names_in(dir / "scan");
    CHECK(scan.size() == 2);  // text on the screen, both files with -o
    CHECK(all_start_with(scan, "overflow_check_"));

    // The scan's own gate applies in this shape too.
    CHECK(run_command("-i " + step.string() + " --fail-on overflow") == 1);
}

TEST_CASE("August overflow_check: the help states when the scan runs", "[cli][august_overflow_check]") {
    const auto r = run_msprobe({"overflow_check", "--help"}, scratch_dir("august_overflow_check_help"));
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("--scan") != std::string::npos);
    CHECK(r.out.find("With --scan or any option of the scan (--format") != std::string::npos);
    CHECK(r.out.find("or with a file as -i, the scan runs instead") != std::string::npos);
}

TEST_CASE("August overflow_check: a dump.json runs the scan, and msprobe's analysis ends a failed run with 1",
          "[cli][august_overflow_check]") {
    const fs::path dir = scratch_dir("august_overflow_check_kinds");
    const fs::path step = write_step(dir);
    const auto file = run_msprobe({"overflow_check", "-i", (step / "rank0" / "dump.json").string()}, dir);
    CHECK(file.exit_code == 0);
    CHECK(file.out.find("Torch.mul.0.forward") != std::string::npos);  // the scan's text on the screen
    CHECK_FALSE(fs::exists(dir / "output"));

    fs::remove(step / "rank0" / "stack.json");
    const auto missing = run_msprobe({"overflow_check", "-i", step.string(), "-o", "out"}, dir);
    CHECK(missing.exit_code == 1);
    CHECK(missing.err.find("stack.json") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "out"));
    // The same line April-style runs the scan, which needs no stack.json.
    CHECK(run_msprobe({"-f", "pytorch", "overflow_check", "-i", step.string()}, dir).exit_code == 0);
}
