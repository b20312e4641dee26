#pragma once
// The rule a compare runs by when it is given two rule files
// (vector_cmp/fusion_manager/fusion_rule_parser.py):
//   -fr with -qfr: a quantized NPU model against the original model's golden
//     dumps; each NPU op's original names and output descriptions are taken
//     through the quantized model's rule back to the original model's ops
//     (merge_fusion_rule);
//   -fr with -cfr: an NPU model built with fusion against the same model built
//     without; the golden "original" names become the unfused model's op names
//     (merge_close_and_open_fusion_rule).
#include <string>
#include <vector>

#include "kernel_dump_compare/fusion_rule.hpp"

namespace msprobe::kernel_dump_compare {

// `warnings` receives msaccucmp's warnings about names the other rule lacks.
FusionRule merge_quant_rule(FusionRule offline, const FusionRule& quant, std::vector<std::string>& warnings);
FusionRule merge_close_rule(FusionRule open, const FusionRule& close, std::vector<std::string>& warnings);

}  // namespace msprobe::kernel_dump_compare
