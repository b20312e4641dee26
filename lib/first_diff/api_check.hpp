#pragma once
// The per-API difference check of compare -da: result
// rows grouped into API batches, and a batch "is not the same" when one of its
// outputs exceeds a relative-error threshold (statistics) or differs (md5).
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "compare/result_table.hpp"
#include "report/cell.hpp"

namespace msprobe::first_diff {

// diff_analyze_threshold.yaml and ignore_op_list.yaml as msprobe ships them.
struct DiffCheckConfig {
    std::vector<std::string> compare_metrics;                  // relative-error columns checked, in order
    std::map<std::string, std::vector<double>> thresholds;     // metric -> [threshold]
    std::map<std::string, std::vector<std::size_t>> ignored_outputs;  // API short name -> output numbers

    // The four relative errors at 0.5 (> 50 %); npu_fusion_attention outputs 4 and 5 ignored.
    static DiffCheckConfig builtin();
};

// Whether a metric cell exceeds its threshold: a text "x%" with x / 100 >
// threshold. Throws msprobe::Error when the metric has no threshold or the
// threshold is not a one-element list (msprobe's CompareException 38 / 39).
bool metric_exceeds(const DiffCheckConfig& config, const std::string& metric, const report::Cell& cell);

struct ApiCheck {
    std::string api;        // the batch's API key
    bool is_same = true;
    std::size_t begin = 0;  // rows [begin, end) of the result table
    std::size_t end = 0;
};

// The checks of every batch whose key has at least four dot-separated
// segments, in table order (a key met twice keeps its first place and the
// later batch's check, as a Python dict does). Throws msprobe::Error (naming
// `file`) for a batch row whose state cannot belong to an API.
std::vector<ApiCheck> check_apis(const compare::ResultTable& result, const DiffCheckConfig& config,
                                 const std::string& file);

// "Functional.conv2d.0.forward" -> "conv2d" (third-from-last segment).
std::string api_short_name(const std::string& api);

}  // namespace msprobe::first_diff
