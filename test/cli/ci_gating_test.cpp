// What a CI pipeline relies on: --fail-on turns precision problems into exit
// code 1 (after every result is written), a clean pair exits 0, and the end
// screen names the first problem and the line of the model that called it.
#include <catch2/catch.hpp>

#include <algorithm>

#include "msprobe_process.hpp"
#include "support/dump_generator.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::testing::run_msprobe;

namespace {

fs::path generated_pair(const std::string& name, bool identical) {
    const fs::path dir = msprobe::testing::scratch_dir("cli_gating_" + name);
    msprobe::testing::DumpPairOptions options;
    options.out = dir;
    options.apis = 50;
    if (identical) options.differences = msprobe::testing::NpuDifferences::none();
    msprobe::testing::generate_dump_pair(options);
    return dir;
}

std::vector<std::string> files_in(const fs::path& dir) {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

msprobe::testing::ProcessResult compare(const fs::path& dir, std::vector<std::string> extra) {
    std::vector<std::string> args = {"-f", "pytorch", "compare", "-i", "compare.json", "-o", "out"};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_msprobe(args, dir);
}

}  // namespace

TEST_CASE("fail-on error: exit 1 on a perturbed pair, with every result written", "[cli][gating]") {
    const fs::path dir = generated_pair("perturbed", false);
    const auto r = compare(dir, {"--fail-on", "error"});
    INFO(r.err);
    CHECK(r.exit_code == 1);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(r.err.find("--fail-on error") != std::string::npos);
    const auto written = files_in(dir / "out");
    REQUIRE(written.size() == 2);  // the book and the advisor file
    CHECK(written[0].rfind("advisor_", 0) == 0);
    CHECK(written[1].rfind("compare_result_", 0) == 0);
    // The end screen: counts, the first error with the model's line, the files.
    CHECK(r.out.find("Compared ") != std::string::npos);
    const auto first = r.out.find("First error: ");
    REQUIRE(first != std::string::npos);
    CHECK(r.out.find("\n  at File ", first) != std::string::npos);
    CHECK(r.out.find("Written:\n") != std::string::npos);

    // Without the flag the same pair exits 0.
    CHECK(compare(dir, {}).exit_code == 0);
}

TEST_CASE("fail-on: identical dumps exit 0 at either level", "[cli][gating]") {
    const fs::path dir = generated_pair("identical", true);
    for (const char* level : {"error", "warning"}) {
        const auto r = compare(dir, {"--fail-on", level});
        INFO(level << ": " << r.err << r.out);
        CHECK(r.exit_code == 0);
        CHECK(r.err.empty());
        CHECK(r.out.find(" 0 warning, 0 error.") != std::string::npos);
        CHECK(r.out.find("First ") == std::string::npos);
    }
}

TEST_CASE("fail-on warning is stricter than --fail-on error", "[cli][gating]") {
    // msprobe's mlp fixture has a warning-only row (a yellow rule) besides its errors; on a
    // generated pair with only the requires_grad difference, warnings alone fail the run.
    const fs::path dir = msprobe::testing::scratch_dir("cli_gating_warning_only");
    msprobe::testing::DumpPairOptions options;
    options.out = dir;
    options.apis = 50;
    options.differences = msprobe::testing::NpuDifferences::none();
    options.differences.requires_grad_mismatch_at = 0.2;
    msprobe::testing::generate_dump_pair(options);
    auto r = compare(dir, {"--fail-on", "error", "-c"});
    INFO(r.out << r.err);
    CHECK(r.exit_code == 0);
    r = compare(dir, {"--fail-on", "warning", "-c"});
    CHECK(r.exit_code == 1);
    CHECK(r.out.find("First warning: ") != std::string::npos);
    CHECK(r.out.find("requires_grad is inconsistent") != std::string::npos);
}

TEST_CASE("json format, and bad fail-on values", "[cli][gating]") {
    const fs::path dir = generated_pair("json", true);
    auto r = compare(dir, {"--format", "json", "-c"});
    INFO(r.err);
    CHECK(r.exit_code == 0);
    const auto written = files_in(dir / "out");
    REQUIRE(written.size() == 1);
    CHECK(fs::path(written[0]).extension() == ".json");
    r = compare(dir, {"--fail-on", "sometimes"});
    CHECK(r.exit_code == 2);
}
