#pragma once
// msprobe's verl tables: two configs flattened to "a/b/c" keys and compared
// key by key into rows (name, first value, second value, consistent), values
// as Python's repr ("NA" when absent), consistency "是"/"否", written as CSV
// with a UTF-8 byte order mark as pandas writes it.
#include <string>
#include <utility>
#include <vector>

#include "verl_config/python_value.hpp"

namespace msprobe::verl_config {

struct HyperParamRow {
    std::string name;
    std::string first;   // repr, or "NA"
    std::string second;  // repr, or "NA"
    bool consistent = false;
};

// flatten_dict: non-empty dicts opened, every other value (an empty dict included) a leaf; later duplicates win.
std::vector<std::pair<std::string, PyValue>> flatten_config(const PyValue& config);

// -vc: every key of either side in sorted order, keys holding "profiler/" or "ray_" left out.
std::vector<HyperParamRow> compare_hyper_params(const PyValue& npu, const PyValue& bench);
// -vv: every key of the benchmark in sorted order.
std::vector<HyperParamRow> verify_hyper_params(const PyValue& bench, const PyValue& target);

// The CSV text with its header (column names as msprobe's constants give them).
std::string hyper_param_csv(const std::vector<std::string>& header, const std::vector<HyperParamRow>& rows);

extern const std::vector<std::string> kCompareHeader;  // 超参名称, NPU生效值, bench生效值, 是否一致
extern const std::vector<std::string> kVerifyHeader;  // 关键参数名称, bench生效值, target生效值, 是否一致

}  // namespace msprobe::verl_config
