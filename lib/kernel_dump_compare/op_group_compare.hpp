#pragma once
// One fusion group compared into result rows, as msaccucmp's
// FusionOpComparison (fusion_manager/compare_fusion_op.py) and, for two NPU
// folders without rules, NpuVsNpuComparison (compare_npu_vs_npu.py) make them.
//
// A row has every column of msaccucmp's header, both Address columns included
// (result_table drops one whose side holds .npy files):
//   Index OpType NPUDump DataType Address GroundTruth DataType Address TensorIndex Shape <10 metrics> CompareFailReason
#include <string>
#include <vector>

#include "kernel_dump_compare/dump_folder.hpp"
#include "kernel_dump_compare/dump_tensor.hpp"
#include "kernel_dump_compare/fusion_rule.hpp"

namespace msprobe::kernel_dump_compare {

using ResultRow = std::vector<std::string>;

struct GroupOutcome {
    std::vector<ResultRow> rows;
    bool matched = false;  // an NPU op of the group had dump data to compare (msaccucmp's dump_match)
    int code = 0;          // the group's CompareError code (0: none)
};

struct RuleSides {
    const DumpFolder& mine;
    const DumpFolder& golden;
    const FusionRule& rule;
    bool quant_vs_origin = false;  // a quantized model's .npy against the original's
    ReadPolicy reading;
};

// The group of a rule file: its NPU ops' inputs and outputs against the golden tensors the rule names.
GroupOutcome compare_fusion_group(const FusionGroup& group, const RuleSides& sides);

// A group of the rule two NPU folders make (npu_pair_rule): the op's latest dump on each side, tensor by tensor.
GroupOutcome compare_npu_pair(const FusionGroup& group, const DumpFolder& mine, const DumpFolder& golden,
                              const ReadPolicy& reading);

}  // namespace msprobe::kernel_dump_compare
