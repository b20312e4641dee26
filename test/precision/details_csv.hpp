#pragma once
// run_ut details files (accuracy_checking_details_*.csv) written by hand for
// api_precision_compare tests.
#include <filesystem>
#include <string>
#include <vector>

#include "precision/csv_dialect.hpp"
#include "support/file_text.hpp"

namespace msprobe::precision::testing {

inline std::filesystem::path write_details(const std::filesystem::path& dir, const std::string& name,
                                           const std::vector<CsvRow>& rows) {
    CsvRow header = {"API Name", "Bench Dtype", "DEVICE Dtype", "Shape", "余弦相似度", "最大绝对误差", "双百指标",
                     "双千指标", "双万指标", "二进制一致错误率", "误差均衡性", "均方根误差", "小值域错误占比",
                     "相对误差最大值", "相对误差平均值", "inf/nan错误率", "相对误差错误率", "绝对误差错误率",
                     "ULP误差最大值", "ULP误差平均值", "ULP误差大于阈值占比", "Status", "Message"};
    const auto path = dir / name;
    msprobe::testing::write_file(path, csv_file_start(header));
    std::string text;
    for (const auto& r : rows) text += csv_line(r);
    append_csv(path, text);
    return path;
}

// A details row of `dtype` whose 17 metric cells (余弦相似度 … ULP误差大于阈值占比) are `metrics`, padded with " ".
inline CsvRow details_row(const std::string& name, const std::string& dtype, std::vector<std::string> metrics) {
    CsvRow row = {name, "torch.float32", dtype, "(3,)"};
    metrics.resize(17, " ");
    row.insert(row.end(), metrics.begin(), metrics.end());
    row.push_back("pass");
    row.push_back("");
    return row;
}

}  // namespace msprobe::precision::testing
