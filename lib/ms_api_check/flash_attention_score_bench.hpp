#pragma once
// The torch bench msprobe's MindSpore checker gives Functional.flash_attention_score (its fusion operator,
// bench_functions/flash_attention_score.py FlashAttentionScore.forward), with that code's own choices: head_num
// and input_layout from the keywords or positions 3 and 4, the layout turned to BNSD in float64, keep_prob 1, no
// pse (it reads a "real_shift" keyword its patch never sets), the attention mask rebuilt from sparse_mode with
// next_tokens unset (so sparse modes 0 and 4 without a usable mask fail as msprobe's do), masked scores -40000,
// and the outputs (attention, softmax max and sum repeated 8 times along the last axis) in float64. Backward runs
// through autograd of this forward, as msprobe's torch branch does.
#include <ATen/core/ivalue.h>

#include "run_ut/py_value.hpp"

namespace msprobe::ms_api_check {

// Throws CheckSkipped with the reason msprobe's bench would raise.
c10::IValue flash_attention_score_bench(const run_ut::PyCall& call);

}  // namespace msprobe::ms_api_check
