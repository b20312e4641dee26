// compare flags that cannot act on what they were given say so on stderr, one
// line each, instead of being dropped silently; and --strict_compat -hl
// writes msprobe's fill bytes into styles.xml (docs/compatibility.md rows 98, 99).
#include <catch2/catch.hpp>

#include <algorithm>

#include "msprobe_process.hpp"
#include "support/dump_generator.hpp"
#include "support/shared_fixtures.hpp"
#include "support/zip_inspection.hpp"

namespace fs = std::filesystem;
using msprobe::testing::run_msprobe;

namespace {

// A statistics pair whose only difference is one requires_grad flag: a yellow (warning) row.
fs::path warning_only_pair(const std::string& name) {
    const fs::path dir = msprobe::testing::scratch_dir("cli_flag_warnings_" + name);
    msprobe::testing::DumpPairOptions options;
    options.out = dir;
    options.apis = 50;
    options.differences = msprobe::testing::NpuDifferences::none();
    options.differences.requires_grad_mismatch_at = 0.2;
    msprobe::testing::generate_dump_pair(options);
    return dir;
}

msprobe::testing::ProcessResult compare(const fs::path& dir, const std::string& out, std::vector<std::string> extra) {
    std::vector<std::string> args = {"-f", "pytorch", "compare", "-i", "compare.json", "-o", out};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_msprobe(args, dir);
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t begin = 0;
    for (auto end = text.find('\n'); end != std::string::npos; begin = end + 1, end = text.find('\n', begin)) {
        lines.push_back(text.substr(begin, end - begin));
    }
    return lines;
}

std::string book_styles(const fs::path& out_dir) {
    for (const auto& e : fs::directory_iterator(out_dir)) {
        if (e.path().extension() != ".xlsx") continue;
        for (const auto& m : msprobe::testing::inspect_zip(e.path()).members) {
            if (m.name == "xl/styles.xml") return m.data;
        }
    }
    return {};
}

}  // namespace

TEST_CASE("compare -hl --format csv warns that a csv file has no colours", "[cli]") {
    const fs::path dir = warning_only_pair("csv");
    const auto r = compare(dir, "out", {"-hl", "--format", "csv", "-c"});
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(lines_of(r.err) ==
          std::vector<std::string>{"msprobe compare: warning: -hl cannot colour a csv file (--format csv); the "
                                   "Err_message column still says why each row was flagged"});
    // Without -hl, or with the xlsx book, nothing is said.
    CHECK(compare(dir, "plain", {"--format", "csv", "-c"}).err.empty());
    CHECK(compare(dir, "book", {"-hl", "-c"}).err.empty());
}

TEST_CASE("compare --locate on a statistics dump warns once", "[cli]") {
    const fs::path dir = warning_only_pair("locate");
    const auto r = compare(dir, "out", {"--locate", "-c"});
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(lines_of(r.err) == std::vector<std::string>{"msprobe compare: warning: --locate has no effect on statistics "
                                                      "or md5 dumps (it locates errors inside tensors)"});
}

TEST_CASE("compare -da names each flag it ignores", "[cli]") {
    const fs::path dir = warning_only_pair("diff_analyze");
    const auto r = compare(dir, "out", {"-da", "-s", "-hl", "--format", "csv"});
    INFO(r.out << r.err);
    CHECK(r.exit_code == 0);
    const std::string tail =
        " has no effect with -da (it writes compare_result_rank*.json and diff_analyze_*.json only)";
    CHECK(lines_of(r.err) == std::vector<std::string>{"msprobe compare: warning: -s" + tail,
                                                      "msprobe compare: warning: -hl" + tail,
                                                      "msprobe compare: warning: --format" + tail});
    CHECK(compare(dir, "quiet", {"-da"}).err.empty());
}

TEST_CASE("compare -hl --strict_compat writes msprobe's yellow ARGB into styles.xml", "[cli]") {
    const fs::path dir = warning_only_pair("fills");
    REQUIRE(compare(dir, "ours", {"-hl", "-c"}).exit_code == 0);
    REQUIRE(compare(dir, "msprobe", {"-hl", "-c", "--strict_compat"}).exit_code == 0);
    const std::string ours = book_styles(dir / "ours");
    const std::string msprobe = book_styles(dir / "msprobe");
    CHECK(ours.find(R"(<fgColor rgb="FFFFFF00"/>)") != std::string::npos);
    CHECK(ours.find("00FFFF00") == std::string::npos);
    CHECK(msprobe.find(R"(<fgColor rgb="00FFFF00"/><bgColor rgb="00FFFF00"/>)") != std::string::npos);
    CHECK(msprobe.find("FFFFFF00") == std::string::npos);
}
