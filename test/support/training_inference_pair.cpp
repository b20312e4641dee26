#include "support/training_inference_pair.hpp"

#include <algorithm>

#include "support/module_tensor_dump.hpp"

namespace msprobe::testing {

namespace {

// `parts` of equal row count joined along dim 1 (rows of 2-d tensors side by side).
SyntheticTensor joined_columns(const std::vector<const SyntheticTensor*>& parts) {
    const std::int64_t rows = parts.front()->shape[0];
    std::int64_t columns = 0;
    for (const auto* p : parts) columns += p->shape[1];
    std::vector<float> values;
    for (std::int64_t r = 0; r < rows; ++r) {
        for (const auto* p : parts) {
            const auto width = p->shape[1];
            values.insert(values.end(), p->values.begin() + r * width, p->values.begin() + (r + 1) * width);
        }
    }
    return float_tensor({rows, columns}, values);
}

// `parts` stacked along dim 0.
SyntheticTensor joined_rows(const std::vector<const SyntheticTensor*>& parts) {
    std::int64_t rows = 0;
    std::vector<float> values;
    for (const auto* p : parts) {
        rows += p->shape[0];
        values.insert(values.end(), p->values.begin(), p->values.end());
    }
    return float_tensor({rows, parts.front()->shape[1]}, values);
}

}  // namespace

FsdpAttentionPair write_fsdp_attention_pair(const std::filesystem::path& dir) {
    FsdpAttentionPair pair;
    const SyntheticTensor ids = float_tensor({2, 3}, float_ramp(6, 1, 1));
    pair.x = float_tensor({2, 4}, float_ramp(8, 0.5f, 0.25f));
    pair.q = float_tensor({2, 4}, float_ramp(8, -1, 0.5f));
    pair.k = float_tensor({2, 2}, float_ramp(4, 2, -0.75f));
    pair.v = float_tensor({2, 2}, float_ramp(4, 3, 1.5f));
    pair.wq = float_tensor({4, 4}, float_ramp(16, -2, 0.25f));
    pair.wk = float_tensor({2, 4}, float_ramp(8, 1, 0.5f));
    pair.wv = float_tensor({2, 4}, float_ramp(8, -3, 0.125f));
    pair.o_in = float_tensor({2, 4}, float_ramp(8, 0.25f, 0.5f));
    pair.o_out = float_tensor({2, 4}, float_ramp(8, 1, 1));
    std::vector<float> reversed = pair.o_out.values;
    std::reverse(reversed.begin(), reversed.end());
    pair.o_out_inference = float_tensor({2, 4}, reversed);
    const SyntheticTensor rotary = float_tensor({2, 4}, float_ramp(8, 0, 0.125f));
    const SyntheticTensor attn = float_tensor({2, 4}, float_ramp(8, 5, -0.5f));

    const std::string fsdp = "Module._fsdp_wrapped_module.model.";
    const std::string layer = fsdp + "layers.0._fsdp_wrapped_module.self_attn.";
    pair.training = write_module_tensor_dump(
        dir / "train", {
                           {fsdp + "embed_tokens.Embedding.forward.2", {ids}, {pair.x}, {}},
                           {layer + "q_proj.Linear.forward.2", {pair.x}, {pair.q}, {{"weight", pair.wq}}},
                           {layer + "k_proj.Linear.forward.2", {pair.x}, {pair.k}, {{"weight", pair.wk}}},
                           {layer + "v_proj.Linear.forward.2", {pair.x}, {pair.v}, {{"weight", pair.wv}}},
                           {layer + "rotary_emb.Qwen2RotaryEmbedding.forward.2", {pair.q}, {rotary}, {}},
                           {layer + "o_proj.Linear.forward.2", {pair.o_in}, {pair.o_out}, {}},
                           {fsdp + "Qwen2Model.backward.0", {pair.o_out}, {pair.x}, {}, true},
                           {layer + "o_proj.Linear.backward.0", {pair.o_out}, {pair.o_in}, {}, true},
                       });
    const std::string infer = "Module.model.layers.0.self_attn.";
    pair.inference = write_module_tensor_dump(
        dir / "infer", {
                           {"Module.model.embed_tokens.VocabParallelEmbedding.forward.0", {ids}, {pair.x}, {}},
                           {infer + "qkv_proj.QKVParallelLinear.forward.0",
                            {pair.x},
                            {joined_columns({&pair.q, &pair.k, &pair.v})},
                            {{"weight", joined_rows({&pair.wq, &pair.wk, &pair.wv})}}},
                           {infer + "attn.Attention.forward.0", {pair.q}, {attn}, {}},
                           {infer + "o_proj.RowParallelLinear.forward.0", {pair.o_in}, {pair.o_out_inference}, {}},
                       });
    return pair;
}

MegatronMlpPair write_megatron_mlp_pair(const std::filesystem::path& dir) {
    MegatronMlpPair pair;
    pair.x = float_tensor({2, 4}, float_ramp(8, 0.5f, 0.5f));
    pair.gate_out = float_tensor({2, 4}, float_ramp(8, -2, 0.5f));
    pair.up_out = float_tensor({2, 4}, float_ramp(8, 4, -0.25f));
    pair.fc1_out = joined_columns({&pair.gate_out, &pair.up_out});
    pair.training = write_module_tensor_dump(
        dir / "train",
        {{"Module.module.module.decoder.layers.0.mlp.linear_fc1.TELayerNormColumnParallelLinear.forward.0",
          {pair.x},
          {pair.fc1_out},
          {}}});
    const std::string infer = "Module.model.layers.0.mlp.gate_up_proj.";
    pair.inference =
        write_module_tensor_dump(dir / "infer", {{infer + "GateHalf.forward.0", {pair.x}, {pair.gate_out}, {}},
                                                 {infer + "UpHalf.forward.0", {pair.x}, {pair.up_out}, {}}});
    return pair;
}

}  // namespace msprobe::testing
