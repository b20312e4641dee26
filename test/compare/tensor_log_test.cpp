// -tensor_log (cli_august.md §4.6): per real-data row "start compare: <name>"
// and "[<name>] Compare result: …" with the metrics as Python's str() prints
// them, or the reason there are none; the expected lines are msprobe's own
// (expected_august/*/compare.tensor_log/msprobe.log).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <string>
#include <vector>

#include "compare/tensor_log.hpp"
#include "support/captured_output.hpp"

using namespace msprobe;
using namespace msprobe::compare;
using report::Cell;

namespace {

const std::vector<std::string> kHeader = {"NPU Name", "Bench Name", "Cosine", "EucDist", "MaxAbsErr", "MaxRelativeErr",
                                          "One Thousandth Err Ratio", "Five Thousandths Err Ratio", "Data_name"};

ResultTable real_data(std::vector<std::vector<Cell>> rows) {
    ResultTable result;
    result.mode = CompareMode::All;
    result.table.header = kHeader;
    result.table.rows = std::move(rows);
    return result;
}

std::vector<Cell> metrics_row(const char* name, Cell cosine, Cell euc, Cell abs, Cell rel, Cell t1, Cell t5) {
    return {Cell(name), Cell(name), cosine, euc, abs, rel, t1, t5, Cell("['a.pt', 'b.pt']")};
}

std::vector<Cell> reason_row(const char* name, const char* bench, const char* data_name) {
    return {Cell(name), Cell(bench), Cell("N/A"), Cell("N/A"), Cell("N/A"), Cell("N/A"),
            Cell("N/A"), Cell("N/A"), Cell(data_name)};
}

}  // namespace

TEST_CASE("compare log line: the six metrics as Python prints them", "[compare][tensor_log]") {
    const ResultTable result = real_data(
        {metrics_row("Distributed.all_reduce.0.forward.output.0", 0.92393085496, 0.18752526585751983, 0.050758194178,
                     16.225074768066, 0.01171875, 0.041015625),
         metrics_row("Functional.conv2d.0.forward.input.0", 1.0, 0.0, 0.0, 0.0, 1.0, 1.0),
         metrics_row("Functional.x.0.forward.output.0", -0.061307194352, 1.415232901454447e-07, 9.5621e-08,
                     58.6696434021, 0.0, 0.0)});
    CHECK(compare_log_line(result, 0) ==
          "[Distributed.all_reduce.0.forward.output.0] Compare result: cosine 0.92393085496, euc_dist "
          "0.18752526585751983, max_abs_err 0.050758194178, max_relative_err 16.225074768066, one_thousand_err_ratio "
          "0.01171875, five_thousand_err_ratio 0.041015625, ");
    CHECK(compare_log_line(result, 1) ==
          "[Functional.conv2d.0.forward.input.0] Compare result: cosine 1.0, euc_dist 0.0, max_abs_err 0.0, "
          "max_relative_err 0.0, one_thousand_err_ratio 1.0, five_thousand_err_ratio 1.0, ");
    CHECK(compare_log_line(result, 2) ==
          "[Functional.x.0.forward.output.0] Compare result: cosine -0.061307194352, euc_dist 1.415232901454447e-07, "
          "max_abs_err 9.5621e-08, max_relative_err 58.6696434021, one_thousand_err_ratio 0.0, "
          "five_thousand_err_ratio 0.0, ");
}

TEST_CASE("compare log line: a 0-d tensor's texts and its note, once", "[compare][tensor_log]") {
    const ResultTable result = real_data({metrics_row("Tensor.add_.0.forward.input.0", Cell("unsupported"),
                                                      Cell("unsupported"), 0.0, 0.0, Cell("unsupported"),
                                                      Cell("unsupported"))});
    CHECK(compare_log_line(result, 0) ==
          "[Tensor.add_.0.forward.input.0] Compare result: cosine unsupported, euc_dist unsupported, max_abs_err 0.0, "
          "max_relative_err 0.0, one_thousand_err_ratio unsupported, five_thousand_err_ratio unsupported, This is type "
          "of 0-d tensor, can not calculate 'Cosine', 'EucDist', 'One Thousandth Err Ratio' and 'Five Thousandths Err "
          "Ratio'. ");
}

TEST_CASE("compare log line: why a row has no metrics, in the compare's order", "[compare][tensor_log]") {
    const ResultTable result = real_data({
        reason_row("Functional.layer_norm.0.forward.input.1.0", "Functional.layer_norm.0.forward.input.1.0",
                   "['-1', '-1']"),
        reason_row("Functional.a.0.forward.output.0", "Functional.a.0.forward.output.0", "['a.pt', '-1']"),
        reason_row("Functional.b.0.forward.output.0", "N/A", "['b.pt', '-1']"),
        reason_row("Functional.c.0.forward.output.0", "N/A", "['c.pt', 'd.pt']"),
    });
    CHECK(compare_log_line(result, 0) ==
          "[Functional.layer_norm.0.forward.input.1.0] Compare result: NPU does not have data file. ");
    CHECK(compare_log_line(result, 1) ==
          "[Functional.a.0.forward.output.0] Compare result: "
          "Bench does not have data file. ");
    // Unmatched and without a bench file: the missing file is the reason given.
    CHECK(compare_log_line(result, 2) ==
          "[Functional.b.0.forward.output.0] Compare result: "
          "Bench does not have data file. ");
    CHECK(compare_log_line(result, 3) ==
          "[Functional.c.0.forward.output.0] Compare result: "
          "Bench api/module unmatched. ");
}

TEST_CASE("compare log line: booleans, empty cells and missing columns as Python's str()", "[compare][tensor_log]") {
    ResultTable result;
    result.mode = CompareMode::All;
    result.table.header = {"NPU Name", "Cosine", "EucDist"};
    result.table.rows = {{Cell("n"), Cell::boolean(true), Cell()}};
    CHECK(compare_log_line(result, 0) ==
          "[n] Compare result: cosine True, euc_dist None, max_abs_err None, max_relative_err None, "
          "one_thousand_err_ratio None, five_thousand_err_ratio None, ");
}

TEST_CASE("log_compare_rows: two INFO lines per real-data row, nothing in other modes", "[compare][tensor_log]") {
    ResultTable result = real_data({metrics_row("Functional.conv2d.0.forward.input.0", 1.0, 0.0, 0.0, 0.0, 1.0, 1.0),
                                    reason_row("Functional.b.0.forward.output.0", "N/A", "['b.pt', '-1']")});
    const std::string out = testing::captured_output(STDOUT_FILENO, [&] { log_compare_rows(result); });
    const std::vector<std::string> expected = {
        "[INFO] start compare: Functional.conv2d.0.forward.input.0\n",
        "[INFO] [Functional.conv2d.0.forward.input.0] Compare result: cosine 1.0, euc_dist 0.0, max_abs_err 0.0, "
        "max_relative_err 0.0, one_thousand_err_ratio 1.0, five_thousand_err_ratio 1.0, \n",
        "[INFO] start compare: Functional.b.0.forward.output.0\n",
        "[INFO] [Functional.b.0.forward.output.0] Compare result: Bench does not have data file. \n"};
    std::size_t at = 0;
    for (const auto& line : expected) {
        CAPTURE(line);
        const std::size_t found = out.find(line, at);
        REQUIRE(found != std::string::npos);
        at = found + line.size();
    }
    CHECK(at == out.size());

    for (const CompareMode mode : {CompareMode::Summary, CompareMode::Md5}) {
        result.mode = mode;
        CHECK(testing::captured_output(STDOUT_FILENO, [&] { log_compare_rows(result); }).empty());
    }
}
