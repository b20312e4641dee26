#include "first_diff/api_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>

#include "common/error.hpp"
#include "common/python_str.hpp"
#include "common/python_text.hpp"
#include "compare/api_batch.hpp"

namespace msprobe::first_diff {

namespace {

}  // namespace

DiffCheckConfig DiffCheckConfig::builtin() {
    DiffCheckConfig config;
    config.compare_metrics = {"MaxRelativeErr", "MinRelativeErr", "MeanRelativeErr", "NormRelativeErr"};
    for (const auto& metric : config.compare_metrics) config.thresholds[metric] = {0.5};
    config.ignored_outputs["npu_fusion_attention"] = {4, 5};  // its random seed and offset
    return config;
}

bool metric_exceeds(const DiffCheckConfig& config, const std::string& metric, const report::Cell& cell) {
    auto it = config.thresholds.find(metric);
    if (it == config.thresholds.end()) {
        throw Error("diff_analyze_threshold.yaml",
                    fmt::format("Check diff or {} need to configure the threshold. Please configure it in "
                                "'diff_analyze_threshold.yaml'.",
                                metric));
    }
    if (it->second.size() != 1) {
        throw Error("diff_analyze_threshold.yaml", fmt::format("{} threshold configure wrong. Please check.", metric));
    }
    if (!cell.is_text() || cell.text().empty() || cell.text().back() != '%') return false;
    const auto value = py::parse_float(std::string_view(cell.text()).substr(0, cell.text().size() - 1));
    return value && *value / 100 > it->second.front();
}

std::string api_short_name(const std::string& api) {
    const auto parts = py::split_dots(api);
    return parts.size() >= 3 ? std::string(parts[parts.size() - 3]) : std::string();
}

std::vector<ApiCheck> check_apis(const compare::ResultTable& result, const DiffCheckConfig& config,
                                 const std::string& file) {
    using dump::RowState;
    const auto& rows = result.table.rows;
    const int result_column = result.column("Result");
    std::vector<int> metric_columns;
    for (const auto& metric : config.compare_metrics) metric_columns.push_back(result.column(metric));

    std::vector<ApiCheck> checks;
    std::unordered_map<std::string, std::size_t> position;  // api -> index in checks
    std::size_t i = 0;
    while (i < rows.size()) {
        const std::string& key = result.api_of(i);
        const std::size_t end = compare::api_batch_end(
            i, rows.size(), [&result](std::size_t r) -> const std::string& { return result.api_of(r); });
        for (std::size_t r = i + 1; r < end; ++r) {
            if (result.states[r] == RowState::Debug) {
                throw Error(file, fmt::format("row {} of {} has a state that belongs to no API", r, key));
            }
        }
        ApiCheck check{key, true, i, end};
        if (py::split_dots(key).size() >= 4) {
            const auto ignored = config.ignored_outputs.find(api_short_name(key));
            std::size_t output_number = 0;
            for (std::size_t r = i; r < end; ++r) {
                if (result.states[r] != RowState::Output) continue;
                const std::size_t k = output_number++;
                if (ignored != config.ignored_outputs.end() &&
                    std::find(ignored->second.begin(), ignored->second.end(), k) != ignored->second.end()) {
                    continue;
                }
                if (result.mode == compare::CompareMode::Md5) {
                    const auto& cell = rows[r][static_cast<std::size_t>(result_column)];
                    if (cell.is_text() && cell.text() == "Different") check.is_same = false;
                    continue;
                }
                for (std::size_t m = 0; m < config.compare_metrics.size(); ++m) {
                    const int column = metric_columns[m];
                    const report::Cell none;
                    const auto& cell = column < 0 ? none : rows[r][static_cast<std::size_t>(column)];
                    if (metric_exceeds(config, config.compare_metrics[m], cell)) {
                        check.is_same = false;
                        break;
                    }
                }
            }
            auto [it, inserted] = position.emplace(key, checks.size());
            if (inserted) {
                checks.push_back(check);
            } else {
                checks[it->second] = check;
            }
        }
        i = end;
    }
    return checks;
}

}  // namespace msprobe::first_diff
