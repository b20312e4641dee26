// The rows of a training-vs-inference compare: the full outer join on the keys,
// FSDP's training rows gathered under their inference row, Megatron's inference
// rows under their training row, and msprobe's order in which both dumps' orders
// hold (worked out by hand for each case).
#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "compare/training_inference_match.hpp"
#include "support/entry_rows.hpp"

using namespace msprobe;
using namespace msprobe::compare;
using mapping::TrainingBackend;
using msprobe::testing::dump_of_entries;

namespace {

const std::string kLayer = "Module._fsdp_wrapped_module.model.layers.0._fsdp_wrapped_module.self_attn.";

}  // namespace

TEST_CASE("training inference rows: FSDP fuses q, k and v under qkv, unmatched rows of both sides in order",
          "[compare][training_inference_match]") {
    const auto training = dump_of_entries({
        {kLayer + "q_proj.Linear.forward.0", {".output.0"}},                    // row 0
        {kLayer + "k_proj.Linear.forward.0", {".output.0"}},                    // 1
        {kLayer + "v_proj.Linear.forward.0", {".output.0"}},                    // 2
        {kLayer + "rotary_emb.Qwen2RotaryEmbedding.forward.0", {".output.0"}},  // 3: training only
        {kLayer + "o_proj.Linear.forward.0", {".output.0"}},                    // 4
    });
    const auto inference = dump_of_entries({
        {"Module.model.layers.0.self_attn.qkv_proj.QKVParallelLinear.forward.0", {".output.0"}},  // 0
        {"Module.model.layers.0.self_attn.attn.Attention.forward.0", {".output.0"}},              // 1: inference only
        {"Module.model.layers.0.self_attn.o_proj.RowParallelLinear.forward.0", {".output.0"}},    // 2
    });
    const auto rows = training_inference_rows(training, inference, {TrainingBackend::Fsdp, false});
    // qkv (0, 0), then rotary (3, -) before attn (-, 1) because o_proj (4, 2) must follow attn.
    const std::vector<FusedRow> expected = {{{0, 1, 2}, {0}}, {{3}, {}}, {{}, {1}}, {{4}, {2}}};
    CHECK(rows == expected);
}

TEST_CASE("training inference rows: Megatron fuses the inference rows of one training row",
          "[compare][training_inference_match]") {
    const std::string layer = "Module.module.module.decoder.layers.0.mlp.";
    const auto training = dump_of_entries({
        {layer + "linear_fc1.TELayerNormColumnParallelLinear.forward.0", {".input.0", ".output.0"}},
        {layer + "linear_fc2.TERowParallelLinear.forward.0", {".output.0"}},  // inference has no down_proj
    });
    const auto inference = dump_of_entries({
        {"Module.model.layers.0.mlp.gate_up_proj.PartA.forward.0", {".input.0", ".output.0"}},
        {"Module.model.layers.0.mlp.gate_up_proj.PartB.forward.0", {".input.0", ".output.0"}},
        {"Module.model.layers.0.mlp.act_fn.SiluAndMul.forward.0", {".output.0"}},
    });
    const auto rows = training_inference_rows(training, inference, {TrainingBackend::Megatron, false});
    // Training positions 0, 1, 2; inference: gate_up input 0 and 2, outputs 1 and 3, act_fn 4.
    const std::vector<FusedRow> expected = {{{0}, {0, 2}}, {{1}, {1, 3}}, {{2}, {}}, {{}, {4}}};
    CHECK(rows == expected);
}

TEST_CASE("training inference rows: orders the dumps disagree on keep the training order, or stop under strict_compat",
          "[compare][training_inference_match]") {
    const auto training = dump_of_entries({
        {kLayer + "o_proj.Linear.forward.0", {".output.0"}},
        {kLayer + "q_proj.Linear.forward.0", {".output.0"}},
    });
    const auto inference = dump_of_entries({
        {"Module.model.layers.0.self_attn.qkv_proj.QKVParallelLinear.forward.0", {".output.0"}},
        {"Module.model.layers.0.self_attn.o_proj.RowParallelLinear.forward.0", {".output.0"}},
    });
    const std::vector<FusedRow> expected = {{{0}, {1}}, {{1}, {0}}};
    CHECK(training_inference_rows(training, inference, {TrainingBackend::Fsdp, false}) == expected);
    CHECK_THROWS_WITH(training_inference_rows(training, inference, {TrainingBackend::Fsdp, true}),
                      Catch::Contains("Conflicting comparison data"));
}

TEST_CASE("dual monotonic order: each position rises where it is given, none of the first side goes first",
          "[compare][training_inference_match]") {
    constexpr std::size_t none = static_cast<std::size_t>(-1);
    // Rows: a (0, 0), b (-, 1), c (1, -), d (2, 2): both minima legal at each step.
    CHECK(dual_monotonic_order({0, none, 1, 2}, {0, 1, none, 2}, false) == std::vector<std::size_t>{0, 2, 1, 3});
    // Ties of the first position follow the second.
    CHECK(dual_monotonic_order({5, 5}, {9, 3}, false) == std::vector<std::size_t>{1, 0});
}
