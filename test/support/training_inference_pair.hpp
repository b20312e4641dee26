#pragma once
// A verl training dump and its inference dump of one attention block, L0 tensor
// task, named as FSDP (or Megatron) and vLLM name their modules: the training
// side's q, k and v projections are one qkv projection at inference (Megatron:
// one training gate/up projection is two inference modules). The inference
// tensors are the training ones joined, except the o_proj output, which is reversed.
#include <filesystem>

#include "support/synthetic_tensor.hpp"

namespace msprobe::testing {

struct FsdpAttentionPair {
    std::filesystem::path training;                       // <dir>/train/dump.json
    std::filesystem::path inference;                      // <dir>/infer/dump.json
    SyntheticTensor x, q, k, v, wq, wk, wv, o_in, o_out;  // the training tensors
    SyntheticTensor o_out_inference;                      // o_out reversed
};

// Training: embed_tokens (forward.2), q/k/v_proj (input x, weight, output), rotary_emb (training only), o_proj,
// then the model's backward and an o_proj backward; inference: embed_tokens, qkv_proj, attn (inference only), o_proj.
FsdpAttentionPair write_fsdp_attention_pair(const std::filesystem::path& dir);

struct MegatronMlpPair {
    std::filesystem::path training;
    std::filesystem::path inference;
    SyntheticTensor x, fc1_out;        // training linear_fc1: input x, output [2, 8]
    SyntheticTensor gate_out, up_out;  // inference gate_up_proj halves: output [2, 4] each
};

// Training: decoder.layers.0.mlp.linear_fc1 (input, output); inference: two gate_up_proj modules (classes
// GateHalf, UpHalf) each with the same input and half of the output along dim 1.
MegatronMlpPair write_megatron_mlp_pair(const std::filesystem::path& dir);

}  // namespace msprobe::testing
