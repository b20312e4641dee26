#pragma once
// msaccucmp's quant filter (vector_cmp/fusion_manager/quant_filter.py): in a
// quantized model, the ops between a quant op (int8 output) and its dequant
// op (float16 output) compute on int8 values the golden model never holds, so
// they are not compared. Ops are visited in "id" order; an op is inside a pair
// when one of its inputs comes from a quant op or from an op inside a pair,
// and it is skipped unless all its outputs are dequant outputs.
#include "kernel_dump_compare/fusion_rule.hpp"

namespace msprobe::kernel_dump_compare {

// Sets FusionOp::quant_filtered on every op of `rule`.
void mark_quant_pairs(FusionRule& rule);

}  // namespace msprobe::kernel_dump_compare
