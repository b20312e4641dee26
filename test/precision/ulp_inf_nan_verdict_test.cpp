// ULP rows whose mean ULP error is inf/NaN on one device only: the verdict
// cell says error, or stays blank under --strict_compat as msprobe leaves it
// (docs/compatibility.md row 97).
#include <catch2/catch.hpp>

#include "details_csv.hpp"
#include "precision/api_precision_compare.hpp"
#include "precision/csv_dialect.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::precision;
using msprobe::precision::testing::details_row;
using msprobe::precision::testing::write_details;

namespace {

constexpr std::size_t kUlpVerdict = 22;  // ULP误差判定结果
constexpr std::size_t kResult = 25;      // 比对结果
constexpr std::size_t kAlgorithm = 26;
constexpr std::size_t kMessage = 27;

// matmul in float16 is judged by ULP when no absolute-threshold cell is filled.
CsvRow ulp_row(const std::string& mean, const std::string& proportion) {
    std::vector<std::string> metrics(17, " ");
    metrics[15] = mean;
    metrics[16] = proportion;
    return details_row("Torch.matmul.0.forward.output.0", "torch.float16", metrics);
}

std::vector<CsvRow> judge(bool strict_compat, const std::string& name, const CsvRow& npu_row, const CsvRow& gpu_row) {
    const auto dir = msprobe::testing::scratch_dir("precision_ulp_inf_nan_" + name);
    ApiPrecisionCompareOptions options{write_details(dir, "npu.csv", {npu_row}),
                                       write_details(dir, "gpu.csv", {gpu_row}), dir / "out", "20260101000000",
                                       strict_compat};
    return read_csv(api_precision_compare(options).details_csv);
}

}  // namespace

TEST_CASE("an inf/nan mismatch of the mean ULP error is an error verdict, blank under --strict_compat",
          "[precision]") {
    const auto npu = ulp_row("nan", "0.0005");
    const auto gpu = ulp_row("0.5", "0.0005");
    const std::string message = "ULP误差平均值inf或nan不一致\nERROR: ULP误差不满足标准\n";

    const auto ours = judge(false, "default", npu, gpu);
    REQUIRE(ours.size() == 2);
    CHECK(ours[1][kAlgorithm] == "ULP误差比对法");
    CHECK(ours[1][kUlpVerdict] == "error");
    CHECK(ours[1][kResult] == "error");
    CHECK(ours[1][kMessage] == message);

    const auto msprobe = judge(true, "strict", npu, gpu);
    REQUIRE(msprobe.size() == 2);
    CHECK(msprobe[1][kUlpVerdict] == " ");
    CHECK(msprobe[1][kResult] == "error");  // the row's result and message are msprobe's either way
    CHECK(msprobe[1][kMessage] == message);
    // Every other cell is the same in both modes.
    auto without_verdict = [](CsvRow row) {
        row[kUlpVerdict].clear();
        return row;
    };
    CHECK(without_verdict(ours[1]) == without_verdict(msprobe[1]));
}

TEST_CASE("ULP verdicts of rows without an inf/nan mismatch are kept under --strict_compat", "[precision]") {
    // Failing thresholds (proportion 0.5 against 0.0005): the verdict is written in both modes, as msprobe does.
    for (const bool strict : {false, true}) {
        const auto rows = judge(strict, strict ? "threshold_strict" : "threshold", ulp_row("5.0", "0.5"),
                                ulp_row("5.0", "0.0005"));
        REQUIRE(rows.size() == 2);
        CHECK(rows[1][kUlpVerdict] == "error");
        CHECK(rows[1][kMessage] == "ERROR: ULP误差不满足标准\n");
    }
}

TEST_CASE("inf/NaN at the same place on both devices still goes through the ULP thresholds", "[precision]") {
    // NaN mean ULP error on both devices (both outputs hold NaN): consistent, then judged on the proportion.
    const auto small = judge(false, "consistent_small", ulp_row("nan", "0.0005"), ulp_row("nan", "0.0005"));
    REQUIRE(small.size() == 2);
    CHECK(small[1][kUlpVerdict] == "pass");
    CHECK(small[1][kResult] == "pass");
    CHECK(small[1][kMessage] == "ULP误差平均值同为同号inf或nan\n");

    // The same NaN mean with a proportion over float16's 0.001 and a ratio of 2: an error, verdict written.
    for (const bool strict : {false, true}) {
        const auto large = judge(strict, strict ? "consistent_large_strict" : "consistent_large",
                                 ulp_row("nan", "0.004"), ulp_row("nan", "0.002"));
        REQUIRE(large.size() == 2);
        CHECK(large[1][kUlpVerdict] == "error");
        CHECK(large[1][kResult] == "error");
        CHECK(large[1][kMessage] == "ULP误差平均值同为同号inf或nan\nERROR: ULP误差不满足标准\n");
    }
}
