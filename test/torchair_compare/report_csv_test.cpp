// msprobe's torchair report (torchair_cmp_utils.py:save_compare_result_to_csv,
// torchair_acc_cmp.py:sort_by_timestamp): columns, the rows left out, the
// order, and pandas' renderings of the cells.
#include "torchair_compare/report_csv.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace msprobe;
using namespace msprobe::torchair_compare;

namespace {

CompareRow row_of(std::string my_path, std::size_t data_id, std::optional<double> kl, bool kl_int = false) {
    CompareRow row;
    row.token = 0;
    row.data_id = data_id;
    row.golden_path = "/g/x.npy";
    row.my_path = std::move(my_path);
    row.cells.golden = {"torch.float32", "[2]", 4.0, 1.0, 2.5};
    row.cells.my = {"torch.float16", "[2]", 4.0, 1.0, 2.5};
    if (kl) {
        TorchairMetrics metrics;
        metrics.values = {1.0, 0.0, 0.0, 0.0, 0.0, *kl, 0.0};
        metrics.kl_divergence_is_int = kl_int;
        row.cells.metrics = metrics;
    }
    return row;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    for (auto end = text.find('\n'); end != std::string::npos; end = text.find('\n', start)) {
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

std::string csv_of(const std::vector<CompareRow>& rows, report::FormulaCells formulas = report::FormulaCells::Guarded) {
    std::vector<const CompareRow*> pointers;
    for (const auto& row : rows) pointers.push_back(&row);
    return report_csv_text(pointers, 0, pointers.size(), formulas);
}

}  // namespace

TEST_CASE("report csv: the header of msprobe's report", "[torchair_compare][report_csv]") {
    CHECK(lines_of(csv_of({})).front() ==
          "token_id,data_id,golden_data_path,golden_op_type,golden_dtype,golden_shape,golden_max_value,"
          "golden_min_value,golden_mean_value,my_data_path,my_op_type,my_dtype,my_shape,my_max_value,my_min_value,"
          "my_mean_value,cosine_similarity,max_relative_error,mean_relative_error,max_absolute_error,"
          "mean_absolute_error,kl_divergence,relative_euclidean_distance,cmp_fail_reason");
}

TEST_CASE("report csv: a row's cells as pandas writes them", "[torchair_compare][report_csv]") {
    CompareRow row = row_of("/d/Add.Add_1.1.6.17,inputs,0", 3, 0.1);
    row.token = 2;
    row.cells.metrics->values[1] = static_cast<double>(0.1f);
    const auto lines = lines_of(csv_of({row}));
    REQUIRE(lines.size() == 2);
    // Paths with commas are quoted; op types are empty; float32 values are Python floats.
    CHECK(lines[1] ==
          "2,3,/g/x.npy,,torch.float32,[2],4.0,1.0,2.5,\"/d/Add.Add_1.1.6.17,inputs,0\",,torch.float16,"
          "[2],4.0,1.0,2.5,1.0,0.10000000149011612,0.0,0.0,0.0,0.1,0.0,");
}

TEST_CASE("report csv: NaN and missing values are empty, inf is inf", "[torchair_compare][report_csv]") {
    CompareRow row = row_of("/d/A.a.1.6.1,outputs,0", 0, std::nullopt);
    row.cells.golden.max = std::nan("");
    row.cells.golden.min = -INFINITY;
    row.cells.my.max.reset();
    row.cells.reason = "golden_data includes NAN or inf.";
    const auto line = lines_of(csv_of({row}))[1];
    CHECK(line ==
          "0,0,/g/x.npy,,torch.float32,[2],,-inf,2.5,\"/d/A.a.1.6.1,outputs,0\",,torch.float16,[2],,1.0,"
          "2.5,,,,,,,,golden_data includes NAN or inf.");
}

TEST_CASE("report csv: kl_divergence's int 0 is 0 only in a column of ints", "[torchair_compare][report_csv]") {
    const auto kl_cell = [](const std::string& line) {
        // kl_divergence is the 22nd field; the quoted path holds two commas.
        std::size_t at = 0;
        for (int commas = 0; commas < 21 + 2; ++commas) at = line.find(',', at) + 1;
        return line.substr(at, line.find(',', at) - at);
    };
    const auto all_int = lines_of(
        csv_of({row_of("/d/A.a.1.6.1,inputs,0", 0, 0.0, true), row_of("/d/A.a.1.6.1,inputs,1", 1, 0.0, true)}));
    CHECK(kl_cell(all_int[1]) == "0");
    CHECK(kl_cell(all_int[2]) == "0");
    const auto mixed =
        lines_of(csv_of({row_of("/d/A.a.1.6.1,inputs,0", 0, 0.0, true), row_of("/d/A.a.1.6.1,inputs,1", 1, 0.25)}));
    CHECK(kl_cell(mixed[1]) == "0.0");
    CHECK(kl_cell(mixed[2]) == "0.25");
    const auto with_missing = lines_of(
        csv_of({row_of("/d/A.a.1.6.1,inputs,0", 0, 0.0, true), row_of("/d/A.a.1.6.1,inputs,1", 1, std::nullopt)}));
    CHECK(kl_cell(with_missing[1]) == "0.0");
}

TEST_CASE("report csv: rows sorted by the text after the last dot of my_data_path, stably",
          "[torchair_compare][report_csv]") {
    std::vector<CompareRow> rows{
        row_of("/a.b/Op.Op.1.2.200,inputs,0", 0, 0.0), row_of("/a.b/Op.Op.1.2.100,outputs,0", 1, 0.0),
        row_of("/a.b/Op.Op.1.2.100,inputs,0", 2, 0.0), row_of("/a.b/Op.Op.9.2.100,inputs,0", 3, 0.0)};
    sort_by_timestamp(rows);
    std::vector<std::size_t> ids;
    for (const auto& row : rows) ids.push_back(row.data_id);
    CHECK(ids == std::vector<std::size_t>{2, 3, 1, 0});
}

TEST_CASE("report csv: shape mismatches and lone int8 sides are left out", "[torchair_compare][report_csv]") {
    CompareRow mismatch = row_of("/d/A.a.1.6.1,inputs,0", 0, std::nullopt);
    mismatch.cells.reason = "data shape doesn't match.";
    CHECK_FALSE(is_reported(mismatch));
    mismatch.cells.reason = "data shape doesn't match. my_data includes NAN or inf.";
    CHECK(is_reported(mismatch));  // only the exact reason is dropped
    CompareRow int8 = row_of("/d/A.a.1.6.1,inputs,0", 0, 0.0);
    int8.cells.golden.dtype = "torch.int8";
    CHECK_FALSE(is_reported(int8));
    int8.cells.my.dtype = "torch.int8";
    CHECK(is_reported(int8));
}

TEST_CASE("report csv: a formula-like text is guarded unless verbatim", "[torchair_compare][report_csv]") {
    CompareRow row = row_of("/d/A.a.1.6.1,inputs,0", 0, std::nullopt);
    row.golden_path = "=cmd";
    CHECK(lines_of(csv_of({row}))[1].starts_with("0,0,'=cmd,"));
    CHECK(lines_of(csv_of({row}, report::FormulaCells::Verbatim))[1].starts_with("0,0,=cmd,"));
}

TEST_CASE("report csv: file names", "[torchair_compare][report_csv]") {
    CHECK(report_file_name(std::nullopt, "20260102030405") == "msprobe_cmp_report_20260102030405.csv");
    CHECK(report_file_name(3, "20260102030405") == "msprobe_cmp_report_rank3_20260102030405.csv");
}
