// MindSpore static-graph kernel (L2) compare (spec compare.md §13.1) on dumps
// written by test/support/kernel_dump_writer: the §15.9 vectors cell for
// cell, directory discovery, the outer join and the pre-check messages.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>

#include "common/error.hpp"
#include "compare_request/compare_request.hpp"
#include "static_graph/kernel_compare.hpp"
#include "report/xlsx_reader.hpp"
#include "support/kernel_dump_writer.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_tensors.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using report::Cell;

namespace {

struct KernelRun {
    fs::path npu;
    fs::path bench;
    fs::path out;
};

KernelRun kernel_dirs(const std::string& name) {
    const fs::path root = testing::scratch_dir("kernel_compare_" + name);
    return {root / "npu", root / "bench", root / "out"};
}

compare::CompareSummary run_kernel(const KernelRun& run, const std::string& ids = R"("rank_id": [], "step_id": [])",
                                   bool strict = false) {
    testing::write_static_graph_compare_json(run.out.parent_path() / "compare.json", run.npu, run.bench, ids);
    compare::CompareOptions options;
    options.input_path = run.out.parent_path() / "compare.json";
    options.output_dir = run.out;
    options.strict_compat = strict;
    ThreadPool pool(2);
    return static_graph::run_kernel_compare(
        std::get<compare::KernelDirs>(compare::read_compare_request(options.input_path)), options, pool);
}

// The first sheet of the only workbook whose name starts with `prefix`, rows padded to the header.
std::vector<std::vector<Cell>> book_rows(const fs::path& out, const std::string& prefix) {
    std::vector<fs::path> books;
    for (const auto& e : fs::directory_iterator(out)) {
        if (e.path().filename().string().rfind(prefix, 0) == 0 && e.path().extension() == ".xlsx") {
            books.push_back(e.path());
        }
    }
    REQUIRE(books.size() == 1);
    auto rows = report::read_first_xlsx_sheet(books[0].string()).rows;
    for (auto& row : rows) row.resize(rows.at(0).size());
    return rows;
}

std::string cell_text(const Cell& c) {
    if (c.is_text()) return "text '" + std::string(c.text()) + "'";
    if (c.is_number()) return "number " + std::to_string(c.number());
    if (c.is_bool()) return c.boolean_value() ? "true" : "false";
    return "empty";
}

std::string g16(double v) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.16g", v);
    return buffer;
}

// Cell by cell, so a failure names the column and both values; numbers as
// the workbook stores them (16 significant digits).
void check_row(const std::vector<Cell>& actual, const std::vector<Cell>& expected) {
    REQUIRE(actual.size() == expected.size());
    for (std::size_t i = 0; i < actual.size(); ++i) {
        INFO("column " << i << ": " << cell_text(actual[i]) << " vs expected " << cell_text(expected[i]));
        if (actual[i].is_number() && expected[i].is_number()) {
            CHECK(g16(actual[i].number()) == g16(expected[i].number()));
        } else {
            CHECK(actual[i] == expected[i]);
        }
    }
}

std::vector<Cell> header_cells(const std::vector<std::string>& texts) {
    return {texts.begin(), texts.end()};
}

}  // namespace

TEST_CASE("kernel compare: §15.9 NPY vector, float16 l2norm overflows to inf", "[kernel_compare]") {
    const KernelRun run = kernel_dirs("npy_vector");
    const std::string file = "op_type.op_1.0.0.1721724968854345.input.0.DefaultFormat.npy";
    const std::vector<float> values(100, 44.0f);
    testing::write_npy_f16(testing::kbk_step_dir(run.npu, 0, 0) / file, {10, 10}, values);
    testing::write_npy_f16(testing::kbk_step_dir(run.bench, 0, 0) / file, {10, 10}, values);
    const auto summary = run_kernel(run);
    REQUIRE(summary.pairs.size() == 1);
    const auto rows = book_rows(run.out, "compare_result_0_0_");
    REQUIRE(rows.size() == 2);
    CHECK(rows[0] == header_cells({"NPU Name", "Bench Name", "NPU Dtype", "Bench Dtype", "NPU Tensor Shape",
                                   "Bench Tensor Shape", "NPU max", "NPU min", "NPU mean", "NPU l2norm", "Bench max",
                                   "Bench min", "Bench mean", "Bench l2norm", "Accuracy Reached or Not",
                                   "Err_message", "Cosine", "EucDist", "MaxAbsErr", "MaxRelativeErr",
                                   "One Thousandth Err Ratio", "Five Thousandths Err Ratio"}));
    const std::vector<Cell> expected = {(testing::kbk_step_dir(run.npu, 0, 0) / file).string(),
                                        (testing::kbk_step_dir(run.bench, 0, 0) / file).string(),
                                        "float16",
                                        "float16",
                                        "(10, 10)",
                                        "(10, 10)",
                                        44.0,
                                        44.0,
                                        44.0,
                                        "inf",
                                        44.0,
                                        44.0,
                                        44.0,
                                        "inf",
                                        "Yes",
                                        Cell(),
                                        1.0,
                                        0.0,
                                        0.0,
                                        0.0,
                                        1.0,
                                        1.0};
    check_row(rows[1], expected);
}

TEST_CASE("kernel compare: §15.9 STATISTIC vector", "[kernel_compare]") {
    const KernelRun run = kernel_dirs("statistic_vector");
    testing::StatisticCsvRow row;
    row.op_type = "RefData";
    row.op_name = "Default_Switch-op1_kernel_graph1_Data_86";
    row.task_id = "185";
    row.stream_id = "41";
    row.timestamp = "1724813943439680";
    row.io = "output";
    row.slot = "0";
    row.data_size = "16384";
    row.data_type = "float32";
    row.shape = "-4096";
    row.max = "1.00008";
    row.min = "0.999916";
    row.avg = "1";
    row.l2norm = "63.9995";
    const fs::path npu_csv = testing::kbk_step_dir(run.npu, 0, 0) / "statistic.csv";
    const fs::path bench_csv = testing::kbk_step_dir(run.bench, 0, 0) / "statistic.csv";
    testing::write_statistic_csv(npu_csv, {row});
    testing::write_statistic_csv(bench_csv, {row});
    run_kernel(run);
    const auto rows = book_rows(run.out, "compare_result_0_0_");
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].size() == 26);
    const std::string key = "Default_Switch-op1_kernel_graph1_Data_86.185.output.0";
    const std::vector<Cell> expected = {key, key, "float32", "float32", "-4096", "-4096",
                                        1.0000799894332886, 0.9999160170555115, 1.0, 63.9995002746582,
                                        1.0000799894332886, 0.9999160170555115, 1.0, 63.9995002746582,
                                        "Yes", Cell(), 0.0, 0.0, 0.0, 0.0, "0.0%", "0.0%", "0.0%", "0.0%",
                                        npu_csv.string(), bench_csv.string()};
    check_row(rows[1], expected);
}

TEST_CASE("kernel compare: statistic diffs, relative-error texts and the accuracy rule", "[kernel_compare]") {
    const KernelRun run = kernel_dirs("statistic_diffs");
    testing::StatisticCsvRow base;
    base.op_name = "op";
    base.shape = "8";
    testing::StatisticCsvRow n = base, b = base;
    n.timestamp = b.timestamp = "5";
    // NPU max far below the bench max: msprobe's signed rule passes it.
    n.max = "1";
    b.max = "100";
    n.min = "0.5";
    b.min = "0";
    n.avg = "nan";
    b.avg = "1";
    n.l2norm = b.l2norm = "8";
    testing::write_statistic_csv(testing::kbk_step_dir(run.npu, 0, 0) / "statistic.csv", {n});
    testing::write_statistic_csv(testing::kbk_step_dir(run.bench, 0, 0) / "statistic.csv", {b});
    SECTION("default: magnitudes") {
        run_kernel(run);
        const auto rows = book_rows(run.out, "compare_result_0_0_");
        REQUIRE(rows.size() == 2);
        CHECK(rows[1][4] == Cell("8"));
        CHECK(rows[1][14] == Cell("No"));
        CHECK(rows[1][16] == Cell(-99.0));
        CHECK(rows[1][17] == Cell(0.5));
        CHECK(rows[1][18] == Cell());  // NaN is written as an empty cell
        CHECK(rows[1][20] == Cell("99.0%"));
        CHECK(rows[1][21] == Cell("N/A"));
        CHECK(rows[1][22] == Cell("Nan"));
        CHECK(rows[1][23] == Cell("0.0%"));
    }
    SECTION("--strict-compat: msprobe's signed rule") {
        run_kernel(run, R"("rank_id": [], "step_id": [])", true);
        const auto rows = book_rows(run.out, "compare_result_0_0_");
        CHECK(rows[1][14] == Cell("Yes"));
    }
}

TEST_CASE("kernel compare: outer join by key and local index, mismatch messages", "[kernel_compare]") {
    const KernelRun run = kernel_dirs("npy_join");
    const fs::path n = testing::kbk_step_dir(run.npu, 1, 3);
    const fs::path b = testing::kbk_step_dir(run.bench, 1, 3);
    testing::KernelTensorName early, late, only_npu;
    early.op_name = late.op_name = "conv";
    early.timestamp = 100;
    late.timestamp = 200;
    only_npu.op_name = "relu";
    // The later call is found first in name order; the local index follows the timestamps.
    late.task_id = early.task_id = 7;
    late.op_type = "A";
    early.op_type = "B";
    testing::write_npy_f32(n / early.file_name(), {3}, {1, 2, 3});
    testing::write_npy_f32(n / late.file_name(), {2}, {1, 2});
    testing::write_npy_f32(b / early.file_name(), {3}, {1, 2, 4});
    testing::write_npy_f16(b / late.file_name(), {2}, {1, 2});
    testing::write_npy_f32(n / only_npu.file_name(), {1}, {1});
    testing::write_npy_f32(n / "not_a_kernel_file.npy", {1}, {1});
    run_kernel(run);
    const auto rows = book_rows(run.out, "compare_result_1_3_");
    REQUIRE(rows.size() == 4);
    // conv.7.input.0 #0 (timestamp 100): measured.
    CHECK(rows[1][0] == Cell((n / early.file_name()).string()));
    CHECK(rows[1][1] == Cell((b / early.file_name()).string()));
    CHECK(rows[1][14] == Cell("Yes"));  // cosine >= 0.99 and MaxAbsErr <= 1
    CHECK(rows[1][15] == Cell());
    CHECK(rows[1][16] == Cell(0.991460133984));
    CHECK(rows[1][18] == Cell(1.0));
    CHECK(rows[1][19] == Cell(0.25));
    // conv.7.input.0 #1 (timestamp 200): float32 vs float16.
    CHECK(rows[2][0] == Cell((n / late.file_name()).string()));
    CHECK(rows[2][2] == Cell("float32"));
    CHECK(rows[2][3] == Cell("float16"));
    CHECK(rows[2][14] == Cell());
    CHECK(rows[2][15] == Cell("Dtype of NPU and bench Tensor do not match. Skipped.\n"));
    CHECK(rows[2][16] == Cell());
    // relu.0.input.0: no bench file.
    CHECK(rows[3][0] == Cell((n / only_npu.file_name()).string()));
    CHECK(rows[3][1] == Cell());
    CHECK(rows[3][15] == Cell("Dump file is not ndarray.\n"));
}

TEST_CASE("kernel compare: shape, scalar and inf/nan messages", "[kernel_compare]") {
    const KernelRun run = kernel_dirs("npy_messages");
    const fs::path n = testing::kbk_step_dir(run.npu, 0, 0);
    const fs::path b = testing::kbk_step_dir(run.bench, 0, 0);
    testing::KernelTensorName scalar, shapes, infs;
    scalar.op_name = "a";
    shapes.op_name = "b";
    infs.op_name = "c";
    testing::write_npy_f32(n / scalar.file_name(), {}, {1});
    testing::write_npy_f32(b / scalar.file_name(), {1}, {1});
    testing::write_npy_f32(n / shapes.file_name(), {2}, {1, 2});
    testing::write_npy_f32(b / shapes.file_name(), {1, 2}, {1, 2});
    const float inf = std::numeric_limits<float>::infinity();
    testing::write_npy_f32(n / infs.file_name(), {2}, {1, inf});
    testing::write_npy_f32(b / infs.file_name(), {2}, {inf, 1});
    run_kernel(run);
    const auto rows = book_rows(run.out, "compare_result_0_0_");
    REQUIRE(rows.size() == 4);
    CHECK(rows[1][15] ==
          Cell("This is type of scalar data, can not compare.\nShape of NPU and bench Tensor do not match.\n"));
    CHECK(rows[2][15] == Cell("Shape of NPU and bench Tensor do not match.\n"));
    CHECK(rows[3][15] == Cell("The position of inf or nan in NPU and bench Tensor do not match.\n"));
    CHECK(rows[3][16] == Cell());
    CHECK(rows[3][9] == Cell("inf"));
}

TEST_CASE("kernel compare: rank and step discovery and filters", "[kernel_compare]") {
    CHECK(static_graph::kernel_rank_step("npu/rank_3/net/0/12") == static_graph::RankStep{3, 12});
    CHECK(static_graph::kernel_rank_step("/d/7/net/0/2") == static_graph::RankStep{7, 2});
    CHECK(static_graph::kernel_rank_step("/d/x/5/0/2") == static_graph::RankStep{5, 2});
    CHECK_FALSE(static_graph::kernel_rank_step("/d/x/y/0/2"));
    CHECK_FALSE(static_graph::kernel_rank_step("npu/rank_3/net/0/last"));

    const KernelRun run = kernel_dirs("discovery");
    testing::KernelTensorName name;
    for (int rank : {0, 1}) {
        for (int step : {0, 1}) {
            testing::write_npy_f32(testing::kbk_step_dir(run.npu, rank, step) / name.file_name(), {2}, {1, 2});
            testing::write_npy_f32(testing::kbk_step_dir(run.bench, rank, step) / name.file_name(), {2}, {1, 2});
        }
    }
    const auto summary = run_kernel(run, R"("rank_id": [1], "step_id": [0, 1])");
    REQUIRE(summary.pairs.size() == 2);
    book_rows(run.out, "compare_result_1_0_");
    book_rows(run.out, "compare_result_1_1_");
}

TEST_CASE("kernel compare: mapping.csv gives short files their kernel names", "[kernel_compare]") {
    const KernelRun run = kernel_dirs("mapping");
    testing::KernelTensorName name;
    name.op_name = "very_long_op";
    for (const auto& root : {run.npu, run.bench}) {
        const fs::path dir = testing::kbk_step_dir(root, 0, 4);
        testing::write_npy_f32(dir / "1.npy", {2}, {1, 2});
        testing::write_mapping_csv(dir / "mapping.csv", {{"1.npy", name.file_name()}});
    }
    run_kernel(run);
    const auto rows = book_rows(run.out, "compare_result_0_4_");
    REQUIRE(rows.size() == 2);
    CHECK(rows[1][0] == Cell((testing::kbk_step_dir(run.npu, 0, 4) / "1.npy").string()));
    CHECK(rows[1][14] == Cell("Yes"));
}

TEST_CASE("kernel compare: bad input names the file and writes nothing", "[kernel_compare]") {
    const KernelRun run = kernel_dirs("bad_input");
    testing::KernelTensorName name;
    testing::write_npy_f32(testing::kbk_step_dir(run.npu, 0, 0) / name.file_name(), {1}, {1});
    testing::write_npy_f32(testing::kbk_step_dir(run.bench, 0, 0) / name.file_name(), {1}, {1});
    // A second pair with a broken statistic.csv: the first pair's book must not appear either.
    const fs::path broken = testing::kbk_step_dir(run.npu, 0, 1) / "statistic.csv";
    fs::create_directories(broken.parent_path());
    { std::ofstream(broken) << "Op Type,Op Name\nA,B\n"; }
    testing::write_statistic_csv(testing::kbk_step_dir(run.bench, 0, 1) / "statistic.csv", {});
    try {
        run_kernel(run);
        FAIL("expected an error");
    } catch (const Error& e) {
        CHECK(std::string(e.what()).find(broken.string()) != std::string::npos);
        CHECK(e.exit_code() == 2);
    }
    CHECK((!fs::exists(run.out) || fs::is_empty(run.out)));

    testing::write_static_graph_compare_json(run.out.parent_path() / "compare.json", run.npu, run.bench,
                                             R"("rank_id": 0, "step_id": [])");
    CHECK_THROWS_WITH(compare::read_compare_request(run.out.parent_path() / "compare.json"),
                      Catch::Contains("should both be lists"));
}

TEST_CASE("kernel compare: statistic rows without partner, shape and dtype messages, NaN maxima", "[kernel_compare]") {
    const KernelRun run = kernel_dirs("statistic_messages");
    testing::StatisticCsvRow base;
    base.shape = "8";
    base.max = base.min = base.avg = base.l2norm = "1";
    testing::StatisticCsvRow shapes = base, scalar = base, dtypes = base, nan_max = base, lonely = base;
    shapes.op_name = "a";
    scalar.op_name = "b";
    dtypes.op_name = "c";
    nan_max.op_name = "d";
    nan_max.max = "nan";
    lonely.op_name = "e";
    testing::StatisticCsvRow shapes_b = shapes, scalar_b = scalar, dtypes_b = dtypes;
    shapes_b.shape = "16";
    scalar_b.shape = "";
    dtypes_b.data_type = "float16";
    testing::write_statistic_csv(testing::kbk_step_dir(run.npu, 0, 0) / "statistic.csv",
                                 {shapes, scalar, dtypes, nan_max, lonely});
    testing::write_statistic_csv(testing::kbk_step_dir(run.bench, 0, 0) / "statistic.csv",
                                 {shapes_b, scalar_b, dtypes_b, nan_max});
    run_kernel(run);
    const auto rows = book_rows(run.out, "compare_result_0_0_");
    REQUIRE(rows.size() == 6);
    CHECK(rows[1][15] == Cell("Tensor shapes do not match.\n"));
    CHECK(rows[1][16] == Cell());
    CHECK(rows[1][14] == Cell());
    CHECK(rows[2][15] == Cell("This is type of scalar data, can not compare.\n"));
    CHECK(rows[3][15] == Cell("Dtype of NPU and bench Tensor do not match. Skipped.\n"));
    CHECK(rows[4][14] == Cell("Yes"));  // both maxima NaN
    CHECK(rows[4][20] == Cell("Nan"));
    CHECK(rows[5][0] == Cell("e.0.output.0"));
    CHECK(rows[5][1] == Cell());
    CHECK(rows[5][15] == Cell("Dump file not found.\n"));
    CHECK(rows[5][25] == Cell());
}

TEST_CASE("kernel compare: the outcome counts every row, those without a verdict as not judged", "[kernel_compare]") {
    report::Table table;
    table.header = {"NPU Name", "Accuracy Reached or Not", "Err_message"};
    table.rows = {{Cell("a"), Cell("Yes"), Cell()},
                  {Cell("b"), Cell("No"), Cell()},
                  {Cell("c"), Cell("None"), Cell()},
                  {Cell("d"), Cell("Unmatched"), Cell()},
                  {Cell("e"), Cell(), Cell("The bench tensor is missing.")}};
    const compare::PairOutcome outcome = static_graph::static_graph_outcome("rank 0 step 0", table, 1, "r.xlsx");
    CHECK(outcome.rows == 5);
    CHECK(outcome.passed == 1);
    CHECK(outcome.errors == 1);
    CHECK(outcome.warnings == 0);
    CHECK(outcome.unjudged == 3);
    compare::CompareSummary summary;
    summary.pairs = {outcome};
    CHECK(summary_text(compare::run_summary(summary))
              .starts_with("Compared 5 rows: 1 pass, 0 warning, 1 error, 3 not judged.\n"));
}
