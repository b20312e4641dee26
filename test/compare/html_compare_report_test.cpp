// compare --html's recording: the rows a result writer takes go into the
// report unchanged, with the run summary's levels and first problem, the
// written file stays byte for byte the same, and the tree groups the rows by
// API kind and API with the worst level of each.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <set>

#include "common/error.hpp"
#include "common/thread_pool.hpp"
#include "compare/chunked_result.hpp"
#include "compare/compare_pair.hpp"
#include "compare/highlight.hpp"
#include "compare/html_compare_report.hpp"
#include "compare/recorded_rows.hpp"
#include "compare/row_level.hpp"
#include "compare/run_summary.hpp"
#include "report/csv_writer.hpp"
#include "support/dump_generator.hpp"
#include "support/file_text.hpp"
#include "support/html_report_page.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::compare;
using msprobe::report::Cell;

namespace {

nlohmann::json written_report(HtmlCompareReport& html) {
    html.write();
    return testing::embedded_report_data(testing::read_file_text(html.target()));
}

}  // namespace

TEST_CASE("html: a chunked result's rows are recorded as the writer takes them", "[compare][html]") {
    const fs::path dir = testing::scratch_dir("html_compare_chunked");
    testing::DumpPairOptions generated;
    generated.out = dir;
    generated.apis = 120;
    generated.seed = 7;
    testing::generate_dump_pair(generated);
    PairInput input;
    input.npu_json = dir / "npu/step0/rank/dump.json";
    input.bench_json = dir / "bench/step0/rank/dump.json";
    CompareOptions options;
    ThreadPool pool(1);
    const MatchedPair matched = match_pair(input, options, pool);
    const std::size_t n = matched.pairs.size();
    ResultTable whole = result_rows(matched, 0, n, options, pool);
    const auto verdicts = row_verdicts(whole, judge_highlight(whole, false));
    const PairOutcome expected = summarize_pair("", whole, verdicts, {});
    REQUIRE(expected.first_problem);

    HeldPairRows plain_rows(matched);
    ChunkedResult plain(plain_rows, options, pool, false, false, 5);
    report::write_csv(plain, report::CellRendering::Plain, dir / "plain.csv");

    HtmlCompareReport html(dir / "report.html");
    HeldPairRows held(matched);
    ChunkedResult chunks(held, options, pool, false, false, 5);
    auto recorder = html.start_pair("", chunks.header());
    RecordedRows recorded(chunks, recorder.get());
    report::write_csv(recorded, report::CellRendering::Plain, dir / "recorded.csv");
    html.add_pair(*recorder);
    CHECK(testing::read_file_text(dir / "recorded.csv") == testing::read_file_text(dir / "plain.csv"));

    const auto data = written_report(html);
    REQUIRE(data["sections"].size() == 1);
    const auto& section = data["sections"][0];
    CHECK(section["label"] == "result");
    const auto& rows = section["rows"];
    REQUIRE(rows.size() == n);
    const int name_column = whole.column("NPU Name");
    std::size_t first_problem = n;
    for (std::size_t r = 0; r < n; ++r) {
        CHECK(rows[r][0] == static_cast<int>(verdicts[r].level));
        CHECK(rows[r][1 + name_column] == whole.table.rows[r][static_cast<std::size_t>(name_column)].text());
        if (first_problem == n && whole.table.rows[r][static_cast<std::size_t>(name_column)].text() ==
                                      expected.first_problem->npu_name) {
            first_problem = r;
        }
    }
    CHECK(section["firstProblem"] == first_problem);
    CHECK(section["firstProblemLevel"] == (expected.first_problem->level == RowLevel::Error ? "error" : "warning"));
    // Statistics: the chart offers the relative errors first, then the diffs.
    const auto& columns = section["columns"];
    REQUIRE_FALSE(section["metrics"].empty());
    CHECK(columns[section["metrics"][0].get<std::size_t>()] == "MaxRelativeErr");

    // Tree: the root, its API kinds, and every API once, coloured by its worst row.
    std::set<std::string> ids;
    std::size_t error_apis = 0;
    for (const auto& node : section["tree"]) {
        CHECK(ids.insert(node[0].get<std::string>()).second);
        if (node[3] == 1.0) ++error_apis;
    }
    CHECK(ids.count("result") == 1);
    CHECK(ids.count("result/Functional") == 1);
    CHECK(error_apis > 0);
}

TEST_CASE("html: the tree of a pair's rows, by API kind and API", "[compare][html]") {
    const fs::path dir = testing::scratch_dir("html_compare_tree");
    HtmlCompareReport html(dir / "report.html");
    const std::vector<std::string> header = {"NPU Name", "Cosine", "NPU_Stack_Info"};
    auto recorder = html.start_pair("rank3", header);
    const auto add = [&](const char* name, RowLevel level) {
        recorder->add(level, {Cell(name), Cell(0.5), Cell("File a.py, line 1")});
    };
    add("Functional.conv2d.0.forward.input.0", RowLevel::Pass);
    add("Functional.conv2d.0.forward.output.0", RowLevel::Warning);
    add("Tensor.add.0.forward.input.0", RowLevel::Pass);
    add("Functional.relu.0.forward.output.0", RowLevel::Error);
    add("Functional.conv2d.0.backward.input.0", RowLevel::Pass);
    html.add_pair(*recorder);
    const auto section = written_report(html)["sections"][0];
    CHECK(section["columns"] == nlohmann::json::array({"NPU Name", "Cosine"}));  // no stack column
    const auto tree = section["tree"];
    const auto node = [](const char* id, const char* parent, const char* name, double index, const char* colour) {
        return nlohmann::json::array({id, parent, name, index, colour});
    };
    REQUIRE(tree.size() == 7);
    CHECK(tree[0] == node("rank3/Functional/Functional.conv2d.0.forward", "rank3/Functional",
                          "Functional.conv2d.0.forward", 0.5, "#FFDC7F"));
    CHECK(tree[1] == node("rank3/Tensor/Tensor.add.0.forward", "rank3/Tensor", "Tensor.add.0.forward", 0, "#FFFCF3"));
    CHECK(tree[2] == node("rank3/Functional/Functional.relu.0.forward", "rank3/Functional",
                          "Functional.relu.0.forward", 1, "#FF704D"));
    CHECK(tree[3][0] == "rank3/Functional/Functional.conv2d.0.backward");
    CHECK(tree[4] == node("rank3/Functional", "rank3", "Functional", 1, "#FF704D"));
    CHECK(tree[5] == node("rank3/Tensor", "rank3", "Tensor", 0, "#FFFCF3"));
    CHECK(tree[6] == node("rank3", "", "rank3", 1, "#FF704D"));
}

TEST_CASE("html: a whole table without verdicts takes its levels from the Result column", "[compare][html]") {
    const fs::path dir = testing::scratch_dir("html_compare_august");
    HtmlCompareReport html(dir / "report.html");
    ResultTable result;
    result.table.header = {"NPU Name", "Result"};
    result.table.rows = {{Cell("Torch.a.0.forward.input.0"), Cell("pass")},
                         {Cell("Torch.a.0.forward.output.0"), Cell("warning")},
                         {Cell("Torch.b.0.forward.output.0"), Cell("error")},
                         {Cell("Torch.c.0.forward.output.0"), Cell("")}};
    auto recorder = html.start_pair("rank0", result.table.header);
    record_rows(*recorder, result, nullptr);
    html.add_pair(*recorder);
    const auto section = written_report(html)["sections"][0];
    std::vector<int> levels;
    for (const auto& row : section["rows"]) levels.push_back(row[0].get<int>());
    CHECK(levels == std::vector<int>{0, 1, 2, 0});
    CHECK(section["firstProblem"] == 2);
}

TEST_CASE("html: a report with no pair is not written, and a directory is refused as its path", "[compare][html]") {
    const fs::path dir = testing::scratch_dir("html_compare_empty");
    HtmlCompareReport html(dir / "report.html");
    html.write();
    CHECK_FALSE(fs::exists(dir / "report.html"));
    CHECK_THROWS_AS(HtmlCompareReport(dir), Error);
    testing::write_file(dir / "file", "x");
    CHECK_THROWS_AS(HtmlCompareReport(dir / "file" / "report.html"), Error);
}
