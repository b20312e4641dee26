// The HTML report's writer: the page's data element, the order of sections,
// the caps and the atomic write.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "html_report/html_report.hpp"
#include "support/child_process.hpp"
#include "support/file_text.hpp"
#include "support/html_report_page.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::html_report::HtmlReport;
using msprobe::html_report::Level;
using msprobe::html_report::TableLayout;
using msprobe::html_report::TreeNode;
using msprobe::report::Cell;
using msprobe::testing::embedded_report_data;
using msprobe::testing::occurrences;

namespace {

TableLayout name_and_value() { return {{"NPU Name", "Cosine"}, {0, 1}, {1}}; }

std::vector<Cell> row(const std::string& name, double value) { return {Cell(name), Cell(value)}; }

std::string page_of(HtmlReport& report, const std::string& name) {
    const fs::path path = msprobe::testing::scratch_dir(name) / "report.html";
    report.write(path, path.string());
    return msprobe::testing::read_file_text(path);
}

}  // namespace

TEST_CASE("a report page: sections in natural label order, rows with levels, first problems", "[html_report]") {
    HtmlReport report("compare <of> two dumps", msprobe::testing::scratch_dir("html_report_spool"));
    auto rank10 = report.open_section("rank10", name_and_value());
    rank10->add_row(Level::Pass, row("Torch.add.0.forward.input.0", 1.0));
    auto rank2 = report.open_section("rank2", name_and_value());
    rank2->add_row(Level::Pass, row("Torch.add.0.forward.input.0", 1.0));
    rank2->add_row(Level::Warning, row("Torch.add.0.forward.output.0", 0.99));
    rank2->add_row(Level::Error, row("Torch.mul.0.forward.output.0", 0.5));
    rank2->add_row(Level::Error, row("Torch.mul.1.forward.output.0", 0.25));
    rank2->add_node({"rank2/Torch.mul.0.forward", "rank2", "Torch.mul.0.forward", 1.0, "#FF704D"});
    rank2->add_node({"rank2", "", "rank2", std::nullopt, ""});
    CHECK(rank2->first_problem() == 2u);  // the first error, though a warning came before it
    CHECK(rank10->first_problem() == std::nullopt);
    report.add(std::move(rank10));
    report.add(std::move(rank2));
    const std::string page = page_of(report, "html_report_page");

    CHECK(page.find("<title>compare &lt;of&gt; two dumps</title>") != std::string::npos);
    const auto data = embedded_report_data(page);
    CHECK(data["title"] == "compare <of> two dumps");
    REQUIRE(data["sections"].size() == 2);
    const auto& first = data["sections"][0];
    CHECK(first["label"] == "rank2");
    CHECK(first["columns"] == nlohmann::json::array({"NPU Name", "Cosine"}));
    CHECK(first["metrics"] == nlohmann::json::array({1}));
    CHECK(first["total"] == 4);
    CHECK(first["firstProblem"] == 2);
    CHECK(first["firstProblemLevel"] == "error");
    CHECK(first["rows"][1] == nlohmann::json::array({1, "Torch.add.0.forward.output.0", 0.99}));
    CHECK(first["rows"][3][0] == 2);
    CHECK(first["tree"][0] ==
          nlohmann::json::array({"rank2/Torch.mul.0.forward", "rank2", "Torch.mul.0.forward", 1, "#FF704D"}));
    CHECK(first["tree"][1][3].is_null());
    CHECK(data["sections"][1]["label"] == "rank10");
    CHECK(data["sections"][1]["firstProblem"].is_null());
    // The page's two script elements are the only ones; the stylesheet and script are inline.
    CHECK(occurrences(page, "</script>") == 2);
    CHECK(occurrences(page, "<style>") == 1);
    CHECK(page.find("http://") == page.find("http://www.w3.org/2000/svg"));  // no resource fetched
}

TEST_CASE("a report page: a row's text cannot end the data element", "[html_report]") {
    HtmlReport report("t", msprobe::testing::scratch_dir("html_report_hostile_spool"));
    auto section = report.open_section("result", name_and_value());
    const std::string hostile = "x</script><script>alert(1)</script><!--";
    section->add_row(Level::Pass, row(hostile, 0.0));
    section->add_node({"id</script>", "", "name<!--", std::nullopt, ""});
    report.add(std::move(section));
    const std::string page = page_of(report, "html_report_hostile");
    CHECK(occurrences(page, "</script>") == 2);
    CHECK(page.find("<!--") == std::string::npos);
    const auto data = embedded_report_data(page);
    CHECK(data["sections"][0]["rows"][0][1] == hostile);
    CHECK(data["sections"][0]["tree"][0][0] == "id</script>");
}

TEST_CASE("a report page: rows and tree nodes past the caps are counted, not embedded", "[html_report]") {
    msprobe::html_report::ReportLimits limits;
    limits.max_rows = 3;
    limits.max_tree_nodes = 1;
    HtmlReport report("t", msprobe::testing::scratch_dir("html_report_cap_spool"), limits);
    for (const char* label : {"rank0", "rank1"}) {
        auto section = report.open_section(label, name_and_value());
        section->add_row(Level::Pass, row("a", 1.0));
        section->add_row(Level::Error, row("b", 0.0));
        section->add_node({std::string(label) + "/a", "", "a", 0.0, ""});
        report.add(std::move(section));
    }
    const auto data = embedded_report_data(page_of(report, "html_report_cap"));
    const auto& sections = data["sections"];
    CHECK(data["limits"]["rows"] == 3);
    CHECK(sections[0]["rows"].size() == 2);
    CHECK(sections[1]["rows"].size() == 1);  // what the first left of the cap
    CHECK(sections[1]["total"] == 2);
    CHECK(sections[1]["firstProblem"] == 1);  // beyond the embedded rows; the page says so
    CHECK(sections[0]["tree"].size() == 1);
    CHECK(sections[1]["tree"].empty());
    CHECK(sections[1]["treeTotal"] == 1);
}

TEST_CASE("a report page: spooled rows come back whole across the spool's buffer", "[html_report]") {
    HtmlReport report("t", msprobe::testing::scratch_dir("html_report_big_spool"));
    auto section = report.open_section("result", name_and_value());
    const std::string long_name(1000, 'n');
    constexpr int kRows = 3000;  // about 3 MB: several buffers and read blocks
    for (int i = 0; i < kRows; ++i) section->add_row(Level::Pass, row(long_name, i));
    report.add(std::move(section));
    const auto data = embedded_report_data(page_of(report, "html_report_big"));
    const auto& rows = data["sections"][0]["rows"];
    REQUIRE(rows.size() == kRows);
    CHECK(rows[kRows - 1][2] == kRows - 1);
    CHECK(rows[1234][1] == long_name);
}

TEST_CASE("write_report_atomically replaces the file and leaves no temporary file", "[html_report]") {
    const fs::path dir = msprobe::testing::scratch_dir("html_report_atomic");
    const fs::path target = dir / "report.html";
    msprobe::testing::write_file(target, "old");
    HtmlReport report("t", dir);
    auto section = report.open_section("result", name_and_value());
    section->add_row(Level::Pass, row("a", 1.0));
    report.add(std::move(section));
    CHECK(msprobe::html_report::write_report_atomically(report, target) == target);
    CHECK(embedded_report_data(msprobe::testing::read_file_text(target))["sections"][0]["total"] == 1);
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir)) names.push_back(entry.path().filename().string());
    CHECK(names == std::vector<std::string>{"report.html"});
}

TEST_CASE("write_report_atomically: a target under a file is refused, nothing written", "[html_report]") {
    const fs::path dir = msprobe::testing::scratch_dir("html_report_refused");
    msprobe::testing::write_file(dir / "plain", "x");
    HtmlReport report("t", dir);
    CHECK_THROWS_AS(msprobe::html_report::write_report_atomically(report, dir / "plain" / "report.html"),
                    msprobe::Error);
    CHECK(msprobe::testing::read_file_text(dir / "plain") == "x");
}

TEST_CASE("write_report_atomically never replaces a file the run read", "[html_report]") {
    const fs::path dir = msprobe::testing::scratch_dir("html_report_over_input");
    msprobe::testing::write_file(dir / "dump.json", "{}");
    msprobe::read_input_file(dir / "dump.json", msprobe::InputKind::Json);  // now one of this run's inputs
    msprobe::testing::write_file(dir / "earlier_report.html", "{}");
    fs::create_hard_link(dir / "dump.json", dir / "same_file.json");
    HtmlReport report("t", dir);
    auto section = report.open_section("result", name_and_value());
    section->add_row(Level::Pass, row("a", 1.0));
    report.add(std::move(section));
    for (const char* name : {"dump.json", "same_file.json"}) {
        CAPTURE(name);
        CHECK_THROWS_WITH(msprobe::html_report::write_report_atomically(report, dir / name),
                          (dir / name).string() + ": is one of this run's input files; the report would replace it");
        CHECK(msprobe::testing::read_file_text(dir / name) == "{}");
    }
    CHECK(msprobe::html_report::write_report_atomically(report, dir / "earlier_report.html") ==
          dir / "earlier_report.html");
}

TEST_CASE("a report of many sections keeps files open only for the sections being filled", "[html_report]") {
    const fs::path dir = msprobe::testing::scratch_dir("html_report_many_sections");
    // A run of hundreds of ranks must not run out of file descriptors: in a child limited to 64.
    const int code = msprobe::testing::exit_code_in_child([&] {
        const rlimit limit{64, 64};
        if (::setrlimit(RLIMIT_NOFILE, &limit) != 0) ::_exit(3);
        try {
            HtmlReport report("t", dir);
            for (int rank = 0; rank < 200; ++rank) {
                auto section = report.open_section("rank" + std::to_string(rank), name_and_value());
                section->add_row(Level::Pass, row("a", rank));
                report.add(std::move(section));
            }
            msprobe::html_report::write_report_atomically(report, dir / "report.html");
        } catch (...) {
            ::_exit(1);
        }
        ::_exit(0);
    });
    REQUIRE(code == 0);
    const auto data = embedded_report_data(msprobe::testing::read_file_text(dir / "report.html"));
    REQUIRE(data["sections"].size() == 200);
    CHECK(data["sections"][199]["label"] == "rank199");
    CHECK(data["sections"][199]["rows"][0][2] == 199);
}

TEST_CASE("a spool that cannot be written fails the report's write, not the work that fills it", "[html_report]") {
    const fs::path dir = msprobe::testing::scratch_dir("html_report_spool_fails");
    // In a child whose files may not grow past 64 KiB: the section's rows (about 300 KB) cannot be spooled.
    const int code = msprobe::testing::exit_code_in_child([&] {
        ::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit{64 * 1024, 64 * 1024};
        if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) ::_exit(3);
        HtmlReport report("t", dir);
        try {
            auto section = report.open_section("rank0", name_and_value());
            for (int i = 0; i < 20000; ++i) section->add_row(Level::Pass, row("a_long_enough_name", i));
            report.add(std::move(section));
        } catch (...) {
            ::_exit(4);  // filling must not throw
        }
        if (report.empty()) ::_exit(5);  // a failed report is still written, to fail there
        try {
            msprobe::html_report::write_report_atomically(report, dir / "report.html");
        } catch (const msprobe::Error& e) {
            const bool named = e.what() == (dir / ".msprobe-html-* (the HTML report's temporary file)").string() +
                                               ": write failed: File too large";
            ::_exit(named ? 0 : 6);
        }
        ::_exit(7);
    });
    CHECK(code == 0);
    CHECK_FALSE(fs::exists(dir / "report.html"));
}
