// The report opened in headless Chromium (Debian's `chromium`): its script
// runs without a console message, and the DOM shows the table's page with the
// run's first error row, the first error's node in the tree and its marker
// on the chart. Skipped with a message when chromium is absent, unless
// MSPROBE_REQUIRE_BROWSER=1.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <regex>

#include "msprobe_process.hpp"
#include "support/dump_generator.hpp"
#include "support/html_report_page.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::testing::read_file_text;
using msprobe::testing::shell_quote;

namespace {

bool chromium_present() { return std::system("command -v chromium >/dev/null 2>&1") == 0; }

bool browser_required() {
    const char* value = std::getenv("MSPROBE_REQUIRE_BROWSER");
    return value != nullptr && std::string(value) == "1";
}

struct Browsed {
    std::string dom;
    std::string log;  // chromium's stderr: console messages appear as ":CONSOLE" lines
};

Browsed dump_dom(const fs::path& page, const fs::path& scratch, const std::string& fragment = "") {
    const fs::path dom = scratch / "dom.html";
    const fs::path log = scratch / "chromium.log";
    const std::string cmd = "timeout 300 chromium --headless --disable-gpu --no-sandbox --enable-logging=stderr --v=0 "
                            "--user-data-dir=" + shell_quote((scratch / "profile").string()) +
                            " --dump-dom " + shell_quote("file://" + fs::absolute(page).string() + fragment) + " >" +
                            shell_quote(dom.string()) + " 2>" + shell_quote(log.string());
    const int status = std::system(cmd.c_str());
    INFO(read_file_text(log));
    REQUIRE(status == 0);
    return {read_file_text(dom), read_file_text(log)};
}

// 1074 → "1,074", as the page writes counts.
std::string with_thousands(std::size_t n) {
    std::string digits = std::to_string(n);
    for (std::size_t at = digits.size(); at > 3; at -= 3) digits.insert(at - 3, ",");
    return digits;
}

// The element with `id` as its id: its start tag and what follows, up to `length` characters.
std::string element_text(const std::string& dom, const std::string& id, std::size_t length = 2000) {
    const std::size_t at = dom.find("id=\"" + id + "\"");
    if (at == std::string::npos) return {};
    const std::size_t start = dom.rfind('<', at);
    return dom.substr(start, length);
}

// False, with the skip message, when the browser is absent (a failure when it is required).
bool browser_available() {
    if (chromium_present()) return true;
    if (browser_required()) FAIL("chromium is absent and MSPROBE_REQUIRE_BROWSER=1 asks for it");
    WARN("SKIPPED: chromium is absent (apt-get install chromium); the HTML report was not opened in a browser");
    return false;
}

// A generated two-rank pair compared by April's command line with --html report.html; the run's stdout.
std::string two_rank_report(const fs::path& dir, int apis) {
    msprobe::testing::DumpPairOptions options;
    options.out = dir;
    options.apis = apis;
    options.ranks = 2;
    msprobe::testing::generate_dump_pair(options);
    const auto run = msprobe::testing::run_msprobe(
        {"-f", "pytorch", "compare", "-i", "compare_dir_step0.json", "-o", "out", "--html", "report.html"}, dir);
    INFO(run.err);
    REQUIRE(run.exit_code == 0);
    return run.out;
}

}  // namespace

TEST_CASE("the HTML report renders in headless Chromium with its first error marked", "[cli][html][browser]") {
    if (!browser_available()) return;
    const fs::path dir = msprobe::testing::scratch_dir("cli_html_browser");
    const std::string screen = two_rank_report(dir, 150);
    // The end screen's first error: "First error: <name> (<rank>): ...".
    std::smatch first;
    REQUIRE(std::regex_search(screen, first, std::regex("First error: (\\S+) \\((rank\\d+)\\)")));
    const std::string first_name = first[1];
    const std::string first_rank = first[2];
    const auto data = msprobe::testing::embedded_report_data(read_file_text(dir / "report.html"));

    const Browsed page = dump_dom(dir / "report.html", dir);
    INFO(page.log);
    CHECK(page.log.find(":CONSOLE") == std::string::npos);  // no error, no message of any kind
    CHECK(page.dom.find("data-ready=\"true\"") != std::string::npos);
    CHECK(page.dom.find("<pre id=\"report-errors\" hidden=\"\"></pre>") != std::string::npos);  // window.onerror's box

    // The table opens at the page holding the first error row, highlighted.
    const std::string row = element_text(page.dom, "first-problem-row");
    REQUIRE_FALSE(row.empty());
    CHECK(row.find("first-problem") != std::string::npos);
    CHECK(row.find(">" + first_name + "<") != std::string::npos);
    CHECK(row.find(">" + first_rank + "<") != std::string::npos);
    CHECK(row.find(">error<") != std::string::npos);
    std::size_t total = 0;
    for (const auto& section : data["sections"]) total += section["total"].get<std::size_t>();
    REQUIRE(total > 100);
    const std::size_t shown = msprobe::testing::occurrences(page.dom, "<tr data-section=");
    CHECK(shown >= 1);
    CHECK(shown <= 100);  // one page of rows, not the whole table
    CHECK(element_text(page.dom, "table-count", 200).find(with_thousands(total) + " row(s) shown") !=
          std::string::npos);

    // The first problems list, the chart's marker and the tree node name the same row.
    CHECK(element_text(page.dom, "first-problem").find(first_name) != std::string::npos);
    CHECK(element_text(page.dom, "first-problem-marker").find(first_name) != std::string::npos);
    std::smatch api_part;  // the API of the row: its name before the input/output part
    REQUIRE(std::regex_search(first_name, api_part, std::regex("^(.*?)\\.(input|output|parameters)")));
    const std::string api = api_part[1];
    const std::string node = element_text(page.dom, "first-problem-node", 400);
    CHECK(node.find(api) != std::string::npos);
    CHECK(node.find("#FF704D") != std::string::npos);
    // Two ranks: the heatmap is shown with a row of cells for each.
    CHECK(page.dom.find("id=\"heatmap-section\" hidden") == std::string::npos);
    CHECK(msprobe::testing::occurrences(page.dom, "class=\"heat-cell\"") % 2 == 0);
    CHECK(msprobe::testing::occurrences(page.dom, "data-rank=\"1\"") > 0);
}

TEST_CASE("the HTML report's table filters by level, API and rank (a link's filters)", "[cli][html][browser]") {
    if (!browser_available()) return;
    const fs::path dir = msprobe::testing::scratch_dir("cli_html_browser_filters");
    two_rank_report(dir, 60);
    const auto data = msprobe::testing::embedded_report_data(read_file_text(dir / "report.html"));
    // What the filters must keep, counted from the embedded rows: rank1's error rows of Functional APIs.
    const auto& rank1 = data["sections"][1];
    REQUIRE(rank1["label"] == "rank1");
    std::size_t expected = 0;
    for (const auto& row : rank1["rows"]) {
        std::string name = row[1].get<std::string>();  // NPU Name, matched in any case
        std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
        if (row[0] == 2 && name.find("functional") != std::string::npos) ++expected;
    }
    REQUIRE(expected > 0);
    REQUIRE(expected <= 100);  // one page

    const Browsed page = dump_dom(dir / "report.html", dir, "#level=error&api=functional&rank=rank1");
    INFO(page.log);
    CHECK(page.log.find(":CONSOLE") == std::string::npos);
    CHECK(msprobe::testing::occurrences(page.dom, "<tr data-section=\"1\"") == expected);
    CHECK(msprobe::testing::occurrences(page.dom, "<tr data-section=") == expected);
    CHECK(msprobe::testing::occurrences(page.dom, "class=\"level-row-2") == expected);
    CHECK(element_text(page.dom, "table-count", 200).find(with_thousands(expected) + " row(s) shown") !=
          std::string::npos);
}

TEST_CASE("graph's HTML report renders in headless Chromium with its first error node marked", "[cli][html][browser]") {
    if (!browser_available()) return;
    const fs::path dir = msprobe::testing::scratch_dir("cli_html_browser_graph");
    msprobe::testing::DumpPairOptions options;
    options.out = dir;
    options.apis = 150;
    options.level = msprobe::testing::DumpLevel::Mix;
    msprobe::testing::generate_dump_pair(options);
    std::ofstream(dir / "graph.json") << R"({"npu_path": "npu/step0/rank", "bench_path": "bench/step0/rank"})";
    const auto run = msprobe::testing::run_msprobe(
        {"-f", "pytorch", "graph", "-i", "graph.json", "-o", "out", "--html", "report.html"}, dir);
    INFO(run.err);
    REQUIRE(run.exit_code == 0);
    // The first error node: the first compared node (in node order) in the legend's red bucket.
    const auto data = msprobe::testing::embedded_report_data(read_file_text(dir / "report.html"));
    const auto& section = data["sections"][0];
    std::string first_error;
    for (const auto& row : section["rows"]) {
        if (row[0] == 2) {
            first_error = row[1].get<std::string>();
            break;
        }
    }
    REQUIRE_FALSE(first_error.empty());
    CHECK(section["firstProblemLevel"] == "error");

    const Browsed page = dump_dom(dir / "report.html", dir);
    INFO(page.log);
    CHECK(page.log.find(":CONSOLE") == std::string::npos);
    CHECK(page.dom.find("data-ready=\"true\"") != std::string::npos);
    const std::string node = element_text(page.dom, "first-problem-node", 400);
    CHECK(node.find(">" + first_error + "<") != std::string::npos);
    CHECK(node.find("#FF704D") != std::string::npos);
    const std::string row = element_text(page.dom, "first-problem-row");
    CHECK(row.find(">" + first_error + "<") != std::string::npos);
    CHECK(row.find(">error<") != std::string::npos);
    CHECK(element_text(page.dom, "first-problem-marker").find(first_error) != std::string::npos);
}
