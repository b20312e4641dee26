// compare --html on the command line, April's and August's: one report for
// every rank of a directory compare, the result files unchanged by the flag,
// and a path that cannot be the report refused before anything is written.
#include <catch2/catch.hpp>

#include <algorithm>

#include "msprobe_process.hpp"
#include "support/dump_generator.hpp"
#include "support/html_report_page.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::testing::embedded_report_data;
using msprobe::testing::read_file_text;
using msprobe::testing::run_msprobe;

namespace {

fs::path two_rank_pair(const std::string& name) {
    const fs::path dir = msprobe::testing::scratch_dir(name);
    msprobe::testing::DumpPairOptions options;
    options.out = dir;
    options.apis = 60;
    options.ranks = 2;
    msprobe::testing::generate_dump_pair(options);
    return dir;
}

// The texts of every file in `dir`, in name order, without the run's timestamp in the names.
std::vector<std::string> file_texts(const fs::path& dir) {
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(dir)) files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    std::vector<std::string> texts;
    for (const auto& file : files) texts.push_back(read_file_text(file));
    return texts;
}

}  // namespace

TEST_CASE("compare --html (April): one report over every rank, the result files unchanged", "[cli][html]") {
    const fs::path dir = two_rank_pair("cli_html_april");
    const auto plain = run_msprobe({"-f", "pytorch", "compare", "-i", "compare_dir_step0.json", "-o", "plain",
                                    "--format", "csv", "-c"},
                                   dir);
    REQUIRE(plain.exit_code == 0);
    const auto r = run_msprobe({"-f", "pytorch", "compare", "-i", "compare_dir_step0.json", "-o", "out", "--format",
                                "csv", "-c", "--html", "report/run.html"},
                               dir);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.err.empty());
    CHECK(file_texts(dir / "out") == file_texts(dir / "plain"));
    const auto data = embedded_report_data(read_file_text(dir / "report/run.html"));
    REQUIRE(data["sections"].size() == 2);
    CHECK(data["sections"][0]["label"] == "rank0");
    CHECK(data["sections"][1]["label"] == "rank1");
    // Every row of both results, which the end screen counts.
    const std::size_t rows = data["sections"][0]["total"].get<std::size_t>() + data["sections"][1]["total"].get<std::size_t>();
    CHECK(r.out.find("Compared " + std::to_string(rows) + " rows") != std::string::npos);
    CHECK(data["sections"][0]["rows"].size() == data["sections"][0]["total"]);
}

TEST_CASE("compare --html (August): step folders, one report over every rank", "[cli][html]") {
    const fs::path dir = two_rank_pair("cli_html_august");
    const auto r = run_msprobe({"compare", "-tp", "npu/step0", "-gp", "bench/step0", "-o", "out", "--html", "run.html"},
                               dir);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const auto data = embedded_report_data(read_file_text(dir / "run.html"));
    REQUIRE(data["sections"].size() == 2);
    CHECK(data["sections"][0]["label"] == "rank0");
    const auto& columns = data["sections"][0]["columns"];
    CHECK(std::find(columns.begin(), columns.end(), "Result") != columns.end());
    std::size_t rows = 0, errors = 0;
    for (const auto& section : data["sections"]) {
        rows += section["total"].get<std::size_t>();
        for (const auto& row : section["rows"]) errors += row[0] == 2 ? 1 : 0;
    }
    CHECK(r.out.find("Compared " + std::to_string(rows) + " rows") != std::string::npos);
    CHECK(r.out.find(", " + std::to_string(errors) + " error;") != std::string::npos);
}

TEST_CASE("compare --html naming a directory: refused with one line, nothing written", "[cli][html]") {
    const fs::path dir = two_rank_pair("cli_html_refused");
    fs::create_directories(dir / "a_dir");
    for (const bool august : {false, true}) {
        CAPTURE(august);
        const auto r = august ? run_msprobe({"compare", "-tp", "npu/step0", "-gp", "bench/step0", "-o", "out",
                                             "--html", "a_dir"},
                                            dir)
                              : run_msprobe({"-f", "pytorch", "compare", "-i", "compare.json", "-o", "out", "--html",
                                             "a_dir"},
                                            dir);
        CHECK(r.exit_code == (august ? 1 : 2));  // August's compare ends bad input with 1
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK(r.err.find("a_dir") != std::string::npos);
        CHECK_FALSE(fs::exists(dir / "out"));
        CHECK(fs::is_empty(dir / "a_dir"));
    }
}
