// One rank's result reduced to what merge_result takes: the first sheet read
// from a CSV, blank rows left out, and per mergeable index the cells of the
// rows the api filter selects, "N/A"-like cells showing both maxima.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "merge/number_text_columns.hpp"
#include "merge/python_cell_text.hpp"
#include "merge/rank_extract.hpp"
#include "merge_test_files.hpp"
#include "report/csv_reader.hpp"
#include "report/csv_writer.hpp"
#include "report/xlsx_reader.hpp"
#include "report/xlsx_writer.hpp"
#include "support/shared_fixtures.hpp"

using msprobe::compare::CompareMode;
using msprobe::merge::extract_rank_result;
using msprobe::merge::RankExtract;
using msprobe::merge::read_result_sheet;
using msprobe::merge::ResultSheet;
using msprobe::report::Cell;

namespace {

const std::vector<std::string> kStatisticsHeader = {
    "NPU Name", "Bench Name", "NPU Dtype", "Bench Dtype", "NPU Tensor Shape", "Bench Tensor Shape",
    "NPU Requires_grad", "Bench Requires_grad", "Max diff", "Min diff", "Mean diff", "L2norm diff",
    "MaxRelativeErr", "MinRelativeErr", "MeanRelativeErr", "NormRelativeErr", "NPU max", "NPU min", "NPU mean",
    "NPU l2norm", "Bench max", "Bench min", "Bench mean", "Bench l2norm", "Requires_grad Consistent", "Result",
    "Err_message"};

// A statistics row with the given cells, the others empty.
std::vector<Cell> row(const std::string& name, const std::map<std::string, Cell>& cells) {
    std::vector<Cell> out(kStatisticsHeader.size());
    out[0] = Cell(name);
    for (const auto& [column, cell] : cells) {
        const auto at = std::find(kStatisticsHeader.begin(), kStatisticsHeader.end(), column);
        REQUIRE(at != kStatisticsHeader.end());
        out[static_cast<std::size_t>(at - kStatisticsHeader.begin())] = cell;
    }
    return out;
}

}  // namespace

TEST_CASE("extraction takes each index of the selected rows", "[merge_job]") {
    ResultSheet sheet{kStatisticsHeader,
                      {row("api1.forward", {{"Max diff", Cell(100.0)}, {"L2norm diff", Cell(300.0)}}),
                       row("api2.forward", {{"Max diff", Cell(200.0)}, {"L2norm diff", Cell(400.0)}}),
                       row("api11.forward", {{"Max diff", Cell(1.0)}})}};
    const RankExtract extract = extract_rank_result(sheet, 1, {"api1", "api2"});
    CHECK(extract.mode == CompareMode::Summary);
    CHECK(extract.names == std::vector<std::string>{"api1.forward", "api2.forward"});
    CHECK(extract.values.at("Max diff") == std::vector<Cell>{Cell(100.0), Cell(200.0)});
    CHECK(extract.values.at("L2norm diff") == std::vector<Cell>{Cell(300.0), Cell(400.0)});
    CHECK(extract.values.size() == 9);  // every statistics index, and neither maximum
}

TEST_CASE("N/A, unsupported and Nan show the two maxima", "[merge_job]") {
    ResultSheet sheet{
        kStatisticsHeader,
        {row("a.0.forward.input.group", {{"Max diff", Cell("N/A")}, {"Min diff", Cell("unsupported")},
                                         {"Mean diff", Cell("Nan")}, {"L2norm diff", Cell("tp-0-1-2-3")},
                                         {"NPU max", Cell("tp-0-1-2-3")}, {"Bench max", Cell("tp-0-1-2-3")}}),
         row("a.0.forward.input.0", {{"Max diff", Cell("N/A")}, {"Min diff", Cell("nan")}, {"Mean diff", Cell("NaN")},
                                     {"NPU max", Cell(123.0)}, {"Bench max", Cell(123.0)}}),
         row("a.0.forward.input.1", {{"Max diff", Cell("unsupported")}, {"NPU max", Cell(3.0)},
                                     {"Bench max", Cell("inf")}}),
         row("a.0.forward.output.0", {{"Max diff", Cell("Nan")}, {"NPU max", Cell(0.5)}}),
         row("a.0.forward.output.1", {{"Max diff", Cell()}})}};
    const RankExtract extract = extract_rank_result(sheet, 0, {"a"});
    CHECK(extract.values.at("Max diff") == std::vector<Cell>{Cell("NPU:tp-0-1-2-3  Bench:tp-0-1-2-3"),
                                                              Cell("NPU:123  Bench:123"), Cell("NPU:3  Bench:inf"),
                                                              Cell("NPU:0.5  Bench:"), Cell()});
    CHECK(extract.values.at("Min diff")[0] == Cell("NPU:tp-0-1-2-3  Bench:tp-0-1-2-3"));
    CHECK(extract.values.at("Mean diff")[0] == Cell("NPU:tp-0-1-2-3  Bench:tp-0-1-2-3"));
    CHECK(extract.values.at("L2norm diff")[0] == Cell("tp-0-1-2-3"));
    CHECK(extract.values.at("Min diff")[1] == Cell("nan"));
    CHECK(extract.values.at("Mean diff")[1] == Cell("NaN"));
}

TEST_CASE("a whole-number maximum prints with .0 when its column is all numbers with fractions", "[merge_job]") {
    ResultSheet sheet{kStatisticsHeader,
                      {row("a.0.forward.input.0", {{"Max diff", Cell("N/A")}, {"NPU max", Cell(4.0)},
                                                   {"Bench max", Cell(4.0)}}),
                       row("b.0.forward.input.0", {{"NPU max", Cell(0.5)}, {"Bench max", Cell("N/A")}})}};
    const RankExtract extract = extract_rank_result(sheet, 0, {"a"});
    CHECK(extract.values.at("Max diff") == std::vector<Cell>{Cell("NPU:4.0  Bench:4")});
}

TEST_CASE("empty, unknown and md5 results are recognised", "[merge_job]") {
    CHECK(extract_rank_result(ResultSheet{kStatisticsHeader, {}}, 2, {"a"}).empty);
    std::vector<std::string> odd = kStatisticsHeader;
    odd.pop_back();
    CHECK(extract_rank_result(ResultSheet{odd, {{Cell("a.0.forward")}}}, 2, {"a"}).mode == std::nullopt);
    const std::vector<std::string> md5 = {"NPU Name",          "Bench Name",          "NPU Dtype", "Bench Dtype",
                                          "NPU Tensor Shape",  "Bench Tensor Shape",  "NPU Requires_grad",
                                          "Bench Requires_grad", "NPU MD5",           "BENCH MD5",
                                          "Requires_grad Consistent", "Result", "NPU_Stack_Info"};
    const auto extract = extract_rank_result(ResultSheet{md5, {{Cell("a.0.forward")}}}, 1, {"a"});
    CHECK(extract.mode == CompareMode::Md5);
    CHECK(extract.values.empty());
}

TEST_CASE("the filter selects in its own order and names the entries that selected nothing", "[merge][rank_extract]") {
    ResultSheet sheet{kStatisticsHeader,
                      {row("Functional.conv2d.0.forward.input.0", {{"Max diff", Cell(0.5)}}),
                       row("Functional.relu.0.forward.output.0", {{"Max diff", Cell(1.5)}}),
                       row("Functional.conv2d.0.forward.output.0", {{"Max diff", Cell(2.5)}})}};
    const RankExtract extract = extract_rank_result(sheet, 3, {"Functional.relu", "Functional.conv2d", "Torch.mul"});
    CHECK(extract.rank == 3);
    CHECK_FALSE(extract.empty);
    CHECK(extract.unmatched_apis == std::vector<std::string>{"Torch.mul"});
    CHECK(extract.names == std::vector<std::string>{"Functional.relu.0.forward.output.0",
                                                    "Functional.conv2d.0.forward.input.0",
                                                    "Functional.conv2d.0.forward.output.0"});
    CHECK(extract.values.at("Max diff") == std::vector<Cell>{Cell(1.5), Cell(0.5), Cell(2.5)});
}

TEST_CASE("read_result_sheet reads a CSV result and leaves its blank rows out", "[merge][rank_extract]") {
    const auto path = msprobe::testing::scratch_dir("merge_rank_extract") / "compare_result_rank0.csv";
    msprobe::testing::write_merge_input_text(path, "NPU Name,Max diff,Result\n"
                                                   "Functional.relu.0.forward.output.0,0.5,pass\n"
                                                   ",,\n"
                                                   "Tensor.add.0.forward.output.0,N/A,Warning\n");
    const ResultSheet sheet = read_result_sheet(path);
    std::vector<std::string> header;
    std::vector<std::vector<Cell>> rows;
    sheet.visit([&](std::vector<std::string>& h) { header = h; }, [&](std::vector<Cell>& r) { rows.push_back(r); });
    CHECK(header == std::vector<std::string>{"NPU Name", "Max diff", "Result"});
    REQUIRE(rows.size() == 2);
    CHECK(rows[0][1].number() == 0.5);
    CHECK(rows[1][0].text() == "Tensor.add.0.forward.output.0");
    CHECK(rows[1][1].text() == "N/A");
}

namespace {

// A statistics result of `rows` rows as August writes it: diffs as number texts, "N/A" where a
// side has no value, whole and fractional maxima; a few blank rows.
msprobe::report::Table generated_result(std::size_t rows) {
    msprobe::report::Table table;
    table.header = kStatisticsHeader;
    for (std::size_t r = 0; r < rows; ++r) {
        const std::string api = r % 4 == 0 ? "Functional.conv2d" : r % 4 == 1 ? "Torch.mul" : "Tensor.add";
        const std::string name = api + "." + std::to_string(r / 4) + ".forward.output." + std::to_string(r % 2);
        if (r % 1000 == 999) {
            table.rows.emplace_back(kStatisticsHeader.size());  // blank: left out as pandas skips it
            continue;
        }
        table.rows.push_back(row(name, {{"Max diff", r % 9 == 0 ? Cell("N/A") : Cell(std::to_string(r % 13) + ".25")},
                                        {"Mean diff", Cell(std::to_string(static_cast<int>(r % 7) - 3))},
                                        {"NPU max", Cell(static_cast<double>(r % 5) + (r % 3 == 0 ? 0.5 : 0.0))},
                                        {"Bench max", Cell(static_cast<double>(r % 6))},
                                        {"Result", Cell(r % 2 ? "pass" : "Warning")}}));
    }
    return table;
}

// The whole-sheet reading merge_result did before it read by rows: every row held, number texts
// converted over all of them.
ResultSheet whole_sheet(const std::filesystem::path& path) {
    std::vector<std::string> header;
    std::vector<std::vector<Cell>> rows;
    if (path.extension() == ".csv") {
        auto csv = msprobe::report::read_csv(path.string());
        header = std::move(csv.header);
        rows = std::move(csv.rows);
    } else {
        auto first = msprobe::report::read_first_xlsx_sheet(path.string());
        for (const auto& cell : first.rows.front()) {
            header.push_back(msprobe::merge::python_str(cell, msprobe::merge::NumberColumn::PerCell));
        }
        rows.assign(first.rows.begin() + 1, first.rows.end());
    }
    const auto blank = [](const std::vector<Cell>& r) {
        return std::all_of(r.begin(), r.end(), [](const Cell& c) { return c.is_empty(); });
    };
    rows.erase(std::remove_if(rows.begin(), rows.end(), blank), rows.end());
    if (path.extension() != ".csv") msprobe::merge::convert_number_text_columns(rows);
    return ResultSheet(std::move(header), std::move(rows));
}

}  // namespace

TEST_CASE("a rank's result read row by row gives the extract of its whole sheet", "[merge][rank_extract]") {
    const auto table = generated_result(30000);
    const auto dir = msprobe::testing::scratch_dir("merge_rank_extract_rows");
    const std::vector<std::string> apis = {"Torch.mul", "Functional.conv2d", "Functional.relu"};
    for (const auto& file : {dir / "compare_result_rank0.xlsx", dir / "compare_result_rank0.csv"}) {
        CAPTURE(file.string());
        if (file.extension() == ".csv") {
            msprobe::report::write_csv(table, msprobe::report::CellRendering::Plain, file);
        } else {
            msprobe::report::write_xlsx(table, msprobe::report::CellRendering::Plain, file);
        }
        const RankExtract streamed = extract_rank_result(read_result_sheet(file), 2, apis);
        const RankExtract whole = extract_rank_result(whole_sheet(file), 2, apis);
        CHECK(streamed.rank == 2);
        CHECK_FALSE(streamed.empty);
        CHECK(streamed.mode == CompareMode::Summary);
        CHECK(streamed.unmatched_apis == std::vector<std::string>{"Functional.relu"});
        CHECK(streamed.names == whole.names);
        CHECK(streamed.values == whole.values);
        // Torch.mul's rows first (filter order), then Functional.conv2d's; each name once.
        REQUIRE(streamed.names.size() == 15000);
        CHECK(streamed.names.front() == "Torch.mul.0.forward.output.1");
        CHECK(streamed.names[7500] == "Functional.conv2d.0.forward.output.0");
        // Row 1 (Torch.mul): a CSV types its fields; a workbook's column of number texts reads as numbers,
        // unless a text such as "N/A" keeps it texts.
        CHECK(streamed.values.at("Mean diff").front() == Cell(-2.0));
        CHECK(streamed.values.at("Max diff").front() == (file.extension() == ".csv" ? Cell(1.25) : Cell("1.25")));
        // Row 9 (Torch.mul.2, output.1): N/A shows the maxima, NPU max a float column, Bench max an int one.
        CHECK(streamed.values.at("Max diff")[2] == Cell("NPU:4.5  Bench:3"));
    }
}
