// One row of accuracy_checking_details_*.csv: its seventeen metrics in the
// header's order (run_ut spec §10.5), every cell not computed a SPACE, and the
// status words spelled as the reference writes them.
#include "precision/detail_row.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <iterator>
#include <string>
#include <utility>

#include "precision/run_ut_report.hpp"

using namespace msprobe::precision;

TEST_CASE("detail row: a new row is SPACE in every cell it describes", "[precision][detail_row]") {
    const DetailRow row;
    CHECK(row.bench_dtype == " ");
    CHECK(row.device_dtype == " ");
    CHECK(row.shape == " ");
    for (const auto& metric : row.metrics) CHECK(metric.is_space());
    CHECK(row.status.empty());
    CHECK(row.message.empty());
}

TEST_CASE("detail row: each metric is the column of the spec's header that names it", "[precision][detail_row]") {
    // run_ut spec §10.5: API Name, Bench Dtype, DEVICE Dtype, Shape, then the seventeen metrics, Status, Message.
    const std::pair<Metric, const char*> columns[] = {
        {Metric::Cosine, "余弦相似度"},
        {Metric::MaxAbsErr, "最大绝对误差"},
        {Metric::Hundredth, "双百指标"},
        {Metric::Thousandth, "双千指标"},
        {Metric::TenThousandth, "双万指标"},
        {Metric::BinaryErrorRate, "二进制一致错误率"},
        {Metric::ErrorBalance, "误差均衡性"},
        {Metric::Rmse, "均方根误差"},
        {Metric::SmallValueErrRatio, "小值域错误占比"},
        {Metric::MaxRelErr, "相对误差最大值"},
        {Metric::MeanRelErr, "相对误差平均值"},
        {Metric::InfNanErrRatio, "inf/nan错误率"},
        {Metric::RelErrRatio, "相对误差错误率"},
        {Metric::AbsErrRatio, "绝对误差错误率"},
        {Metric::UlpMax, "ULP误差最大值"},
        {Metric::UlpMean, "ULP误差平均值"},
        {Metric::UlpProportion, "ULP误差大于阈值占比"},
    };
    static_assert(std::size(columns) == kMetricCount);
    const auto& header = run_ut_details_header();
    REQUIRE(header.size() == 4 + kMetricCount + 2);
    for (const auto& [metric, name] : columns) {
        INFO(name);
        DetailRow row;
        row.api_name = "Torch.add.0.forward.output.0";
        row.at(metric) = MetricValue::integer(7);
        const auto fields = detail_fields(row, kDetailDecimals);
        REQUIRE(fields.size() == header.size());
        const auto column = 4 + static_cast<std::size_t>(metric);
        CHECK(header[column] == name);
        CHECK(fields[column] == "7");
        CHECK(std::count(fields.begin() + 4, fields.begin() + 4 + kMetricCount, " ") == kMetricCount - 1);
        CHECK(std::as_const(row).at(metric).value() == 7.0);
    }
}

TEST_CASE("detail row: status words are case-sensitive as the reference writes them", "[precision][detail_row]") {
    CHECK(std::string(kPass) == "pass");
    CHECK(std::string(kError) == "error");
    CHECK(std::string(kWarning) == "Warning");
    CHECK(std::string(kSkip) == "SKIP");
    CHECK(std::string(kSpace) == " ");
}
