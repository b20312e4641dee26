#include "checkpoint_compare/megatron_checkpoint.hpp"

#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "support/file_text.hpp"
#include "support/megatron_checkpoint_writer.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::checkpoint_compare;
using testing::MegatronRank;
using testing::MegatronTensor;
namespace fs = std::filesystem;

namespace {

std::vector<float> range(int from, int count) {
    std::vector<float> values;
    for (int i = 0; i < count; ++i) values.push_back(static_cast<float>(from + i));
    return values;
}

MegatronRank rank_with(std::int64_t tp, std::int64_t pp, std::vector<std::vector<MegatronTensor>> chunks) {
    MegatronRank rank;
    rank.tensor_parallel = tp;
    rank.pipeline_parallel = pp;
    rank.chunks = std::move(chunks);
    return rank;
}

std::string error_of(const fs::path& checkpoint) {
    try {
        load_megatron_weights(checkpoint);
    } catch (const Error& error) {
        CHECK(error.exit_code() == 1);
        return error.file() + ": " + error.reason();
    }
    return "no error";
}

}  // namespace

TEST_CASE("the iteration folder from the tracker file or the path", "[megatron_checkpoint]") {
    const fs::path dir = testing::scratch_dir("megatron_iteration");
    fs::create_directories(dir / "run" / "iter_0000020");
    testing::write_file(dir / "run" / "latest_checkpointed_iteration.txt", " 20\n");
    CHECK(megatron_iteration_dir(dir / "run") == dir / "run" / "iter_0000020");
    CHECK(megatron_iteration_dir(dir / "run" / "iter_0000020") == dir / "run" / "iter_0000020");

    fs::create_directories(dir / "rel" / "release");
    testing::write_file(dir / "rel" / "latest_checkpointed_iteration.txt", "release");
    CHECK(megatron_iteration_dir(dir / "rel") == dir / "rel" / "release");

    testing::write_file(dir / "bad" / "latest_checkpointed_iteration.txt", "twenty");
    CHECK_THROWS_WITH(megatron_iteration_dir(dir / "bad"), Catch::Contains("but twenty is found"));
    testing::write_file(dir / "gone" / "latest_checkpointed_iteration.txt", "7");
    try {
        megatron_iteration_dir(dir / "gone");
        FAIL("no error");
    } catch (const Error& error) {
        CHECK(error.file() == (dir / "gone" / "iter_0000007").string());
        CHECK(error.reason() == "checkpoint directory not found");
    }
}

TEST_CASE("rank folders and Megatron-core names", "[megatron_checkpoint]") {
    ParallelSizes sizes;
    CHECK(megatron_rank_dir(1, 0, 0, sizes) == "mp_rank_01");
    sizes.pipeline = 2;
    CHECK(megatron_rank_dir(1, 1, 0, sizes) == "mp_rank_01_001");
    sizes.expert = 4;
    CHECK(megatron_rank_dir(0, 1, 3, sizes) == "mp_rank_00_001_003");
    CHECK(mcore_local_name("language_model.encoder.layers.0.self_attention.query_key_value.weight") ==
          "decoder.layers.0.self_attention.linear_qkv.weight");
    CHECK(mcore_local_name("decoder.layers.1.mlp.dense_4h_to_h.weight") == "decoder.layers.1.mlp.linear_fc2.weight");
    CHECK(mcore_local_name("decoder.layers.0.self_attention.linear_qkv.layer_norm_weight") ==
          "decoder.layers.0.input_layernorm.weight");
}

TEST_CASE("tensor-parallel shards joined along the dimension msprobe names", "[megatron_checkpoint]") {
    const fs::path dir = testing::scratch_dir("megatron_tp");
    const fs::path iteration = dir / "iter_0000010";
    for (int tp = 0; tp < 2; ++tp) {
        const MegatronRank rank = rank_with(
            2, 1,
            {{{"decoder.layers.0.self_attention.linear_qkv.weight", {1, 2}, range(10 * tp, 2)},
              {"decoder.layers.0.self_attention.linear_proj.weight", {2, 1}, range(100 + 10 * tp, 2)},
              {"decoder.final_layernorm.weight", {2}, {1.0f, static_cast<float>(tp)}, tensor::DType::BFloat16}}});
        testing::write_megatron_rank_file(iteration, tp, 0, 0, rank);
    }
    const Weights weights = load_megatron_weights(iteration);
    REQUIRE(weights.size() == 3);
    const Weight& qkv = weights.at("decoder.layers.0.self_attention.linear_qkv.weight");
    CHECK(qkv.shape == std::vector<std::int64_t>{2, 2});
    CHECK(qkv.values == std::vector<float>{0, 1, 10, 11});
    const Weight& proj = weights.at("decoder.layers.0.self_attention.linear_proj.weight");
    CHECK(proj.shape == std::vector<std::int64_t>{2, 2});
    CHECK(proj.values == std::vector<float>{100, 110, 101, 111});
    // Neither: the first rank's (the ranks differ: msprobe warns).
    CHECK(weights.at("decoder.final_layernorm.weight").values == std::vector<float>{1, 0});
}

TEST_CASE("pipeline stages, virtual stages and experts numbered globally", "[megatron_checkpoint]") {
    const fs::path dir = testing::scratch_dir("megatron_pp");
    testing::write_file(dir / "latest_checkpointed_iteration.txt", "10");
    const fs::path iteration = dir / "iter_0000010";
    for (int pp = 0; pp < 2; ++pp) {
        for (int ep = 0; ep < 2; ++ep) {
            MegatronRank rank = rank_with(
                1, 2,
                {{{"decoder.layers.0.mlp.experts.local_experts.1.linear_fc1.weight", {1}, {float(pp * 10 + ep)}},
                  {"decoder.layers.1.input_layernorm.weight", {1}, {float(pp)}}},
                 {{"decoder.layers.0.input_layernorm.weight", {1}, {float(pp + 100)}}}});
            rank.expert_parallel = 2;
            rank.experts = 4;
            testing::write_megatron_rank_file(iteration, 0, pp, ep, rank);
        }
    }
    const Weights weights = load_megatron_weights(dir);
    // Two layers per stage (local 0 and 1): stage s, virtual stage v, layer l -> l + (2 v + s) * 2.
    CHECK(weights.at("decoder.layers.1.input_layernorm.weight").values == std::vector<float>{0});
    CHECK(weights.at("decoder.layers.3.input_layernorm.weight").values == std::vector<float>{1});
    CHECK(weights.at("decoder.layers.4.input_layernorm.weight").values == std::vector<float>{100});
    CHECK(weights.at("decoder.layers.6.input_layernorm.weight").values == std::vector<float>{101});
    // Two experts per rank: local expert 1 of expert rank 1 is expert 3.
    CHECK(weights.at("decoder.layers.0.mlp.experts.local_experts.1.linear_fc1.weight").values == std::vector<float>{0});
    CHECK(weights.at("decoder.layers.0.mlp.experts.local_experts.3.linear_fc1.weight").values == std::vector<float>{1});
    CHECK(weights.at("decoder.layers.2.mlp.experts.local_experts.3.linear_fc1.weight").values ==
          std::vector<float>{11});
    CHECK(weights.size() == 8);
}

TEST_CASE("legacy nested names mapped to Megatron-core's", "[megatron_checkpoint]") {
    const fs::path dir = testing::scratch_dir("megatron_legacy");
    MegatronRank rank = rank_with(1, 1, {{{"layers.0.self_attention.query_key_value.weight", {1}, {5}}}});
    rank.nest_legacy_names = true;
    testing::write_megatron_rank_file(dir / "iter_0000001", 0, 0, 0, rank);
    const Weights weights = load_megatron_weights(dir / "iter_0000001");
    REQUIRE(weights.size() == 1);
    CHECK(weights.begin()->first == "decoder.layers.0.self_attention.linear_qkv.weight");
}

TEST_CASE("a missing or damaged rank file is named", "[megatron_checkpoint]") {
    const fs::path dir = testing::scratch_dir("megatron_broken");
    const fs::path iteration = dir / "iter_0000001";
    testing::write_megatron_rank_file(iteration, 0, 0, 0, rank_with(2, 1, {{{"w", {1}, {1}}}}));
    CHECK(error_of(iteration) == (iteration / "mp_rank_01" / "model_optim_rng.pt").string() +
                                     ": the checkpoint file of this rank does not exist");
    testing::write_file(iteration / "mp_rank_01" / "model_optim_rng.pt", "not a zip");
    CHECK_THAT(error_of(iteration),
               Catch::StartsWith((iteration / "mp_rank_01" / "model_optim_rng.pt").string()) && Catch::Contains("ZIP"));
    const fs::path empty = dir / "iter_0000002";
    fs::create_directories(empty);
    CHECK(error_of(empty) == empty.string() + ": no checkpoint rank directories (mp_rank_*) found");
}

TEST_CASE("shards that do not fit together are named", "[megatron_checkpoint]") {
    const fs::path dir = testing::scratch_dir("megatron_misfit");
    const fs::path iteration = dir / "iter_0000001";
    testing::write_megatron_rank_file(iteration, 0, 0, 0,
                                      rank_with(2, 1, {{{"x.linear_proj.weight", {2, 1}, {1, 2}}}}));
    testing::write_megatron_rank_file(iteration, 1, 0, 0,
                                      rank_with(2, 1, {{{"x.linear_proj.weight", {3, 1}, {1, 2, 3}}}}));
    CHECK(error_of(iteration) == iteration.string() +
                                     ": the shards of x.linear_proj.weight/0 do not fit together: shapes (2, 1) and "
                                     "(3, 1)");
}
