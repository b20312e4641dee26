// The keys of a training-vs-inference compare, each expected value worked out by
// hand from msprobe's rules: the call direction (training forward calls counted
// again from 0), the suffix, the decoder layer and the module name through the
// backend's table; the training dump read in its forward passes only.
#include <catch2/catch.hpp>

#include "mapping/training_inference_keys.hpp"
#include "support/entry_rows.hpp"

using namespace msprobe;
using namespace msprobe::mapping;
using msprobe::testing::dump_of_entries;

namespace {

const std::string kFsdp = "Module._fsdp_wrapped_module.model.";
const std::string kFsdpLayer = kFsdp + "layers.1._fsdp_wrapped_module.";

std::vector<std::string> names_of(const dump::DumpFile& dump, const KeyedRows& keyed) {
    std::vector<std::string> names;
    for (const auto r : keyed.rows) names.push_back(dump.rows[r].name);
    return names;
}

}  // namespace

TEST_CASE("training keys: FSDP forward passes, call numbers counted again, q_proj and up_proj mapped",
          "[mapping][training_inference_keys]") {
    const auto training = dump_of_entries({
        {kFsdp + "embed_tokens.Embedding.forward.3", {".input.0", ".parameters.weight", ".output.0"}},
        {kFsdpLayer + "self_attn.q_proj.Linear.forward.3", {".output.0"}},
        {kFsdpLayer + "mlp.up_proj.Linear.forward.3", {".output.0"}},
        {kFsdp + "Qwen2Model.backward.0", {".input.0"}},                    // the pass ends
        {kFsdpLayer + "self_attn.q_proj.Linear.backward.0", {".input.0"}},  // skipped
        {kFsdp + "embed_tokens.Embedding.forward.4", {".output.0"}},        // the next pass
        {kFsdp + "norm.Qwen2RMSNorm.forward.2", {".output.0"}},
    });
    const KeyedRows keyed = training_row_keys(training, {TrainingBackend::Fsdp, false});
    REQUIRE(keyed.keys.size() == 7);
    CHECK(keyed.keys[0] == TrainingInferenceKey{"forward.0", ".input.0", -1, "embed_tokens"});
    CHECK(keyed.keys[1] == TrainingInferenceKey{"forward.0", ".parameters.weight", -1, "embed_tokens"});
    CHECK(keyed.keys[3] == TrainingInferenceKey{"forward.0", ".output.0", 1, "qkv_proj"});
    CHECK(keyed.keys[4] == TrainingInferenceKey{"forward.0", ".output.0", 1, "gate_up_proj"});
    CHECK(keyed.keys[5] == TrainingInferenceKey{"forward.1", ".output.0", -1, "embed_tokens"});
    CHECK(keyed.keys[6] == TrainingInferenceKey{"forward.0", ".output.0", -1, "norm"});
    CHECK(names_of(training, keyed)[5] == kFsdp + "embed_tokens.Embedding.forward.4.output.0");
}

TEST_CASE("training keys: a short entry name is skipped alone, or stops the reading under strict_compat",
          "[mapping][training_inference_keys]") {
    const auto training = dump_of_entries({
        {"Module.x", {".output.0"}},
        {kFsdp + "norm.Qwen2RMSNorm.forward.0", {".output.0"}},
        {kFsdp + "embed_tokens.Embedding.forward.0", {".output.0"}},
    });
    CHECK(training_row_keys(training, {TrainingBackend::Fsdp, false}).rows == std::vector<std::size_t>{1, 2});
    CHECK(training_row_keys(training, {TrainingBackend::Fsdp, true}).rows == std::vector<std::size_t>{2});
}

TEST_CASE("inference keys: FSDP's last module part, unmapped, entries without a direction left out",
          "[mapping][training_inference_keys]") {
    const auto inference = dump_of_entries({
        {"Module.model.embed_tokens.VocabParallelEmbedding.forward.0", {".output.0"}},
        {"Module.model.layers.1.self_attn.qkv_proj.QKVParallelLinear.forward.0", {".input.0"}},
        {"Module.model.layers.1.self_attn.q_proj.X.forward.0", {".input.0"}},  // not mapped on this side
        {"Tensor.add.0.forward", {".output.0"}},
        {"Module.model.lm_head.ParallelLMHead", {".output.0"}},
    });
    const KeyedRows keyed = inference_row_keys(inference, TrainingBackend::Fsdp);
    REQUIRE(keyed.rows == std::vector<std::size_t>{0, 1, 2, 3});
    CHECK(keyed.keys[0] == TrainingInferenceKey{"forward.0", ".output.0", -1, "embed_tokens"});
    CHECK(keyed.keys[1] == TrainingInferenceKey{"forward.0", ".input.0", 1, "qkv_proj"});
    CHECK(keyed.keys[2] == TrainingInferenceKey{"forward.0", ".input.0", 1, "q_proj"});
    CHECK(keyed.keys[3] == TrainingInferenceKey{"0.forward", ".output.0", -1, "Tensor"});
}

TEST_CASE("training keys: Megatron's modules after the layer, its wrappers dropped and names mapped",
          "[mapping][training_inference_keys]") {
    const std::string layer = "Module.module.module.decoder.layers.0.";
    const auto training = dump_of_entries({
        {"Module.module.module.embedding.word_embeddings.VocabParallelEmbedding.forward.0", {".output.0"}},
        {layer + "self_attention.linear_qkv.TELayerNormColumnParallelLinear.forward.0", {".output.0"}},
        {layer + "self_attention.core_attention.TEDotProductAttention.forward.0", {".output.0"}},
        {layer + "mlp.linear_fc1.TELayerNormColumnParallelLinear.forward.0", {".output.0"}},
        {"Module.module.module.GPTModel.backward.0", {".input.0"}},
        {layer + "mlp.linear_fc1.TELayerNormColumnParallelLinear.backward.0", {".input.0"}},
        {"Module.module.module.embedding.word_embeddings.VocabParallelEmbedding.forward.1", {".output.0"}},
    });
    const KeyedRows keyed = training_row_keys(training, {TrainingBackend::Megatron, false});
    REQUIRE(keyed.rows == std::vector<std::size_t>{0, 1, 2, 3, 6});
    CHECK(keyed.keys[0] == TrainingInferenceKey{"forward.0", ".output.0", -1, "embed_tokens"});
    CHECK(keyed.keys[1] == TrainingInferenceKey{"forward.0", ".output.0", 0, "qkv_proj"});
    CHECK(keyed.keys[2] == TrainingInferenceKey{"forward.0", ".output.0", 0, "attn"});
    CHECK(keyed.keys[3] == TrainingInferenceKey{"forward.0", ".output.0", 0, "gate_up_proj"});
    CHECK(keyed.keys[4] == TrainingInferenceKey{"forward.1", ".output.0", -1, "embed_tokens"});

    const auto inference = dump_of_entries({
        {"Module.model.layers.0.self_attn.attn.Attention.forward.0", {".output.0"}},
        {"Module.model.layers.0.mlp.gate_up_proj.MergedColumnParallelLinear.forward.0", {".output.0"}},
        {"Module.model.embed_tokens.VocabParallelEmbedding.forward.0", {".output.0"}},
    });
    const KeyedRows infer = inference_row_keys(inference, TrainingBackend::Megatron);
    CHECK(infer.keys[0].module == "attn");
    CHECK(infer.keys[1].module == "gate_up_proj");
    CHECK(infer.keys[2].module == "embed_tokens");
}

TEST_CASE("training keys: a side without any dotted module keeps its module names unmapped, as msprobe does",
          "[mapping][training_inference_keys]") {
    const auto alone = dump_of_entries({
        {"Module.module.module.word_embeddings.VocabParallelEmbedding.forward.0", {".output.0"}},
    });
    CHECK(training_row_keys(alone, {TrainingBackend::Megatron, false}).keys[0].module == "word_embeddings");
    CHECK(mapped_module_name(TrainingBackend::Megatron, "word_embeddings") == "embed_tokens");
    CHECK(mapped_module_name(TrainingBackend::Fsdp, "v_proj") == "qkv_proj");
    CHECK(mapped_module_name(TrainingBackend::Fsdp, "o_proj") == "o_proj");
}
