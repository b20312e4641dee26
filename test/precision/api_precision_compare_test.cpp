// api_precision_compare against msprobe's golden files (spec run_ut §14.7,
// fixtures reference_samples/api_precision_compare_golden/).
#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "precision/api_precision_compare.hpp"
#include "precision/csv_dialect.hpp"
#include "details_csv.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::precision;

TEST_CASE("api_precision_compare reproduces msprobe's result and details files", "[precision][golden][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto golden = *fixtures / "reference_samples" / "api_precision_compare_golden";
    ApiPrecisionCompareOptions options;
    options.npu_csv = golden / "npu_accuracy_checking_details_20260101000000.csv";
    options.gpu_csv = golden / "gpu_accuracy_checking_details_20260101000000.csv";
    options.out_dir = msprobe::testing::scratch_dir("precision_api_precision_compare");
    options.timestamp = "20260101000000";
    const auto outcome = api_precision_compare(options);
    using msprobe::testing::read_file_text;
    CHECK(read_file_text(outcome.result_csv) ==
          read_file_text(golden / "api_precision_compare_result_20260101000000.csv"));
    CHECK(read_file_text(outcome.details_csv) ==
          read_file_text(golden / "api_precision_compare_details_20260101000000.csv"));
    CHECK(outcome.apis == 6);
    CHECK(outcome.failed_apis == 5);
    CHECK(outcome.first_failed_api == "Functional.gelu.0");  // the result file's first row, an error
}

using msprobe::precision::testing::details_row;
using msprobe::precision::testing::write_details;

TEST_CASE("api_precision_compare verdicts of spec §17.1's helper cases", "[precision]") {
    const auto dir = msprobe::testing::scratch_dir("precision_apc_helpers");
    // All metric cells "0" and 双千 "0.999" pass for conv2d, abs, mul, matmul and mean in float16.
    std::vector<CsvRow> rows;
    for (const std::string api : {"conv2d", "abs", "mul", "matmul", "mean"}) {
        std::vector<std::string> metrics(17, "0");
        metrics[3] = "0.999";
        rows.push_back(details_row("Torch." + api + ".0.forward.output.0", "torch.float16", metrics));
    }
    // Binary with error rate 2.0 fails; thousandth 0.998 fails; DEVICE Dtype " " is SKIP.
    {
        std::vector<std::string> metrics(17, " ");
        metrics[5] = "2.0";
        rows.push_back(details_row("Torch.abs.1.forward.output.0", "torch.float16", metrics));
        std::vector<std::string> t(17, " ");
        t[3] = "0.998";
        rows.push_back(details_row("Functional.conv2d.1.forward.output.0", "torch.float32", t));
        rows.push_back(details_row("Torch.relu.1.forward.output.0", " ", {}));
        // Without absolute-threshold cells a matmul row is judged by ULP against the GPU row.
        std::vector<std::string> ulp(17, " ");
        ulp[15] = "0.5";
        ulp[16] = "0.0005";
        rows.push_back(details_row("Torch.matmul.1.forward.output.0", "torch.float16", ulp));
    }
    const auto npu = write_details(dir, "npu.csv", rows);
    const auto gpu = write_details(dir, "gpu.csv", rows);
    ApiPrecisionCompareOptions options{npu, gpu, dir / "out", "20260101000000"};
    const auto outcome = api_precision_compare(options);
    const auto details = read_csv(outcome.details_csv);
    REQUIRE(details.size() == 10);
    for (std::size_t i = 1; i <= 5; ++i) {
        INFO(details[i][0]);
        CHECK(details[i][25] == "pass");
    }
    // A filled 相对误差错误率 routes every API to the absolute threshold (the reference's FP8 heuristic).
    for (std::size_t i = 1; i <= 5; ++i) CHECK(details[i][26] == "绝对阈值法");
    CHECK(details[6][26] == "二进制一致法");
    CHECK(details[7][26] == "双千指标法");
    CHECK(details[6][25] == "error");
    CHECK(details[6][27].find("ERROR: 二进制一致错误率超过阈值\n") != std::string::npos);
    CHECK(details[7][25] == "error");
    CHECK(details[7][27] == "ERROR: 双千指标不达标\n");
    CHECK(details[8][25] == "SKIP");
    CHECK(details[9][25] == "pass");
    CHECK(details[9][26] == "ULP误差比对法");
    CHECK(details[9][21] == "1.00000000000000");
    const auto result = read_csv(outcome.result_csv);
    REQUIRE(result.size() == 10);
    CHECK(result[8] == CsvRow{"Torch.relu.1", "SKIP", " ", ""});
}

TEST_CASE("api_precision_compare refuses a details file without the metric columns", "[precision]") {
    const auto dir = msprobe::testing::scratch_dir("precision_apc_columns");
    const auto bad = dir / "bad.csv";
    msprobe::testing::write_file(bad, csv_file_start({"API Name", "DEVICE Dtype"}));
    ApiPrecisionCompareOptions options{bad, bad, dir / "out", "20260101000000"};
    CHECK_THROWS_AS(api_precision_compare(options), msprobe::Error);
}

TEST_CASE("api_precision_compare stopped by a row writes neither file (compat row 118)", "[precision]") {
    using msprobe::precision::testing::details_row;
    using msprobe::precision::testing::write_details;
    const auto dir = msprobe::testing::scratch_dir("precision_apc_all_or_none");
    const auto good = details_row("Torch.matmul.0.forward.output.0", "torch.float16", {});
    const auto later = details_row("Torch.relu.0.forward.output.0", "torch.float16", {});
    // The first API is judged, then the second is named twice in the GPU file.
    const auto npu = write_details(dir, "npu.csv", {good, later});
    const auto gpu = write_details(dir, "gpu.csv", {good, later, later});
    ApiPrecisionCompareOptions options{npu, gpu, dir / "out", "20260101000000"};
    try {
        api_precision_compare(options);
        FAIL("a name twice in the GPU file must stop the run");
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == gpu.string());
        CHECK(std::string(e.what()).find("Torch.relu.0.forward.output.0 has multiple records") != std::string::npos);
    }
    CHECK_FALSE(std::filesystem::exists(dir / "out"));

    // Without the duplicate the same files are written, both of them.
    const auto gpu_once = write_details(dir, "gpu_once.csv", {good, later});
    options.gpu_csv = gpu_once;
    const auto outcome = api_precision_compare(options);
    CHECK(outcome.apis == 2);
    CHECK(read_csv(outcome.result_csv).size() == 3);
    CHECK(read_csv(outcome.details_csv).size() == 3);
}
