// August's overflow_check registration, run in process (the command table
// registers it for the binary): plain `-i STEP_DIR -o OUT` runs msprobe's
// analysis, --scan or any option of the scan runs our scan instead.
#include <catch2/catch.hpp>

#include <algorithm>

#include "commands.hpp"
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

int run_command(const std::string& arguments) {
    CLI::App app;
    const msprobe::cli::GlobalOptions global;
    const auto runner = msprobe::cli::add_august_overflow_check_command(app, global);
    app.parse("overflow_check " + arguments, false);
    return runner();
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
    CLI::App app;
    const msprobe::cli::GlobalOptions global;
    msprobe::cli::add_august_overflow_check_command(app, global);
    const std::string help = app.get_subcommand("overflow_check")->help();
    CHECK(help.find("--scan") != std::string::npos);
    CHECK(help.find("--format") != std::string::npos);
    CHECK(help.find("With --scan, or any option of the scan") != std::string::npos);
}
