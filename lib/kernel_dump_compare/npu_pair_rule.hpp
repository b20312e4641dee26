#pragma once
// The rule msaccucmp makes when two NPU dump folders are compared without rule
// files (CompareRule._make_npu_vs_npu_fusion_rule): one group per op name,
// numbered by the time stamp of the op's latest dump on the NPU side, then the
// golden side's ops the NPU side lacks. A group holds a "Left" op, a "Right"
// op, or both.
#include "kernel_dump_compare/dump_folder.hpp"
#include "kernel_dump_compare/fusion_rule.hpp"

namespace msprobe::kernel_dump_compare {

FusionRule npu_pair_rule(const DumpFolder& mine, const DumpFolder& golden);

}  // namespace msprobe::kernel_dump_compare
