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
    const std::size_t rows =
        data["sections"][0]["total"].get<std::size_t>() + data["sections"][1]["total"].get<std::size_t>();
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
    CHECK(r.out.find(", " + std::to_string(errors) + " error.\n") != std::string::npos);
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

namespace {

struct HtmlRun {
    std::string label;
    std::vector<std::string> args;
    int refused_code;  // April ends bad input with 2, August's compare with 1
};

// compare in both spellings over the two-rank pair (step folders), with --html `html` and -o `out`.
std::vector<HtmlRun> html_runs(const std::string& html, const std::string& out) {
    return {
        {"April, step folders",
         {"-f", "pytorch", "compare", "-i", "compare_dir_step0.json", "-o", out, "--html", html},
         2},
        {"April, dump files", {"-f", "pytorch", "compare", "-i", "compare.json", "-o", out, "--html", html}, 2},
        {"August, step folders", {"compare", "-tp", "npu/step0", "-gp", "bench/step0", "-o", out, "--html", html}, 1},
        {"August, dump files",
         {"compare", "-tp", "npu/step0/rank0/dump.json", "-gp", "bench/step0/rank0/dump.json", "-o", out, "--html",
          html},
         1},
    };
}

}  // namespace

TEST_CASE("compare --html naming one of the run's inputs: refused, the input untouched, nothing written",
          "[cli][html]") {
    const fs::path dir = two_rank_pair("cli_html_input");
    const std::vector<std::string> rank_files{"npu/step0/rank0/dump.json", "bench/step0/rank1/dump.json",
                                              "npu/step0/rank0/construct.json", "npu/step0/rank1/stack.json"};
    const auto runs = html_runs("", "out");
    // Per run: what it reads (its compare.json, the dump files and the files beside them).
    const std::vector<std::vector<std::string>> inputs{
        {"compare_dir_step0.json", rank_files[0], rank_files[1], rank_files[2], rank_files[3]},
        {"compare.json", "npu/step0/rank0/dump.json", "bench/step0/rank0/dump.json", "npu/step0/rank0/stack.json"},
        rank_files,
        {"npu/step0/rank0/dump.json", "bench/step0/rank0/dump.json", "npu/step0/rank0/construct.json"},
    };
    for (std::size_t i = 0; i < runs.size(); ++i) {
        for (const auto& input : inputs[i]) {
            CAPTURE(runs[i].label, input);
            const std::string before = read_file_text(dir / input);
            auto args = runs[i].args;
            args.back() = input;  // the --html value
            const auto r = run_msprobe(args, dir);
            CHECK(r.exit_code == runs[i].refused_code);
            CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
            CHECK(r.err.find(input) != std::string::npos);
            CHECK(read_file_text(dir / input) == before);
            CHECK_FALSE(fs::exists(dir / "out"));
        }
    }
}

TEST_CASE("compare --html that cannot be written: refused before anything is written", "[cli][html]") {
    const fs::path dir = two_rank_pair("cli_html_unwritable");
    const std::string long_name(300, 'r');
    for (const std::string& html : {std::string("/proc/msprobe_report.html"), long_name + ".html", std::string("out"),
                                   std::string("out/")}) {
        for (const auto& run : html_runs(html, "out")) {
            CAPTURE(html.substr(0, 40), run.label);
            const auto r = run_msprobe(run.args, dir);
            CHECK(r.exit_code == run.refused_code);
            CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
            CHECK_FALSE(fs::exists(dir / "out"));
        }
    }
}

TEST_CASE("compare --html whose writing fails: the run's result files are taken back", "[cli][html]") {
    const fs::path dir = two_rank_pair("cli_html_write_fails");
    for (const auto& run : html_runs("report.html", "out")) {
        CAPTURE(run.label);
        auto args = run.args;
        if (args.front() == "-f") args.insert(std::find(args.begin(), args.end(), "--html"), {"--format", "csv", "-c"});
        // A file size limit the result files fit under and the page does not (ulimit -f of /bin/sh: 512-byte blocks).
        auto measured = args;
        measured[std::find(measured.begin(), measured.end(), "out") - measured.begin()] = "measured";
        measured.back() = "measured.html";
        REQUIRE(run_msprobe(measured, dir).exit_code == 0);
        std::uintmax_t largest_result = 0;
        for (const auto& e : fs::recursive_directory_iterator(dir / "measured")) {
            if (e.is_regular_file()) largest_result = std::max(largest_result, e.file_size());
        }
        const std::uintmax_t limit_blocks = largest_result / 512 + 2;
        REQUIRE(fs::file_size(dir / "measured.html") > limit_blocks * 512);
        fs::remove_all(dir / "measured");
        fs::remove(dir / "measured.html");

        const auto r = run_msprobe(args, dir, nullptr, "ulimit -f " + std::to_string(limit_blocks) + " && ");
        INFO(r.err);
        CHECK(r.exit_code == run.refused_code);
        // The page or, when a section's spool met the limit first, its temporary file beside it.
        CHECK((r.err.find("report.html") != std::string::npos ||
               r.err.find("(the HTML report's temporary file)") != std::string::npos));
        CHECK(r.err.find("File too large") != std::string::npos);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK_FALSE(fs::exists(dir / "out"));
        CHECK_FALSE(fs::exists(dir / "report.html"));
    }
}
