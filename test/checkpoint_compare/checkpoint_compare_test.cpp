#include "checkpoint_compare/checkpoint_compare.hpp"

#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "support/file_text.hpp"
#include "support/megatron_checkpoint_writer.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::checkpoint_compare;
namespace fs = std::filesystem;

namespace {

void write_checkpoint(const fs::path& dir, std::vector<testing::MegatronTensor> tensors) {
    testing::MegatronRank rank;
    rank.chunks = {std::move(tensors)};
    testing::write_file(dir / "latest_checkpointed_iteration.txt", "3");
    testing::write_megatron_rank_file(dir / "iter_0000003", 0, 0, 0, rank);
}

}  // namespace

TEST_CASE("two checkpoints into msprobe's JSON, names sorted", "[checkpoint_compare]") {
    const fs::path dir = testing::scratch_dir("checkpoint_compare");
    write_checkpoint(dir / "a", {{"output_layer.weight", {3}, {1, 2, 3}},
                                 {"embedding.word_embeddings.weight", {2, 2}, {0.1f, 0.2f, 0.3f, -0.4f}},
                                 {"only_a", {1}, {1}},
                                 {"decoder.final_layernorm.weight", {2}, {0, 0}}});
    write_checkpoint(dir / "b", {{"output_layer.weight", {3}, {1, 2, 4}},
                                 {"embedding.word_embeddings.weight", {2, 2}, {0.1f, 0.25f, 0.3f, -0.5f}},
                                 {"decoder.final_layernorm.weight", {1, 2}, {0, 0}}});
    const auto outcome = compare_checkpoints({dir / "a", dir / "b", dir / "out" / "similarity.json"});
    CHECK(outcome.compared == 3);
    CHECK(outcome.only_in_bench == 1);
    CHECK(outcome.only_in_cmp == 0);
    CHECK(testing::read_file_text(dir / "out" / "similarity.json") ==
          "{\n"
          "    \"decoder.final_layernorm.weight\": {\n"
          "        \"l2\": null,\n"
          "        \"cos\": null,\n"
          "        \"numel\": 2,\n"
          "        \"shape\": [\n            [\n                2\n            ],\n"
          "            [\n                1,\n                2\n            ]\n        ]\n"
          "    },\n"
          "    \"embedding.word_embeddings.weight\": {\n"
          "        \"l2\": 0.11180339008569717,\n"
          "        \"cos\": 0.9949367046356201,\n"
          "        \"numel\": 4,\n"
          "        \"shape\": [\n            2,\n            2\n        ]\n"
          "    },\n"
          "    \"output_layer.weight\": {\n"
          "        \"l2\": 1.0,\n"
          "        \"cos\": 0.9914600849151611,\n"
          "        \"numel\": 3,\n"
          "        \"shape\": [\n            3\n        ]\n"
          "    }\n"
          "}");
}

TEST_CASE("an existing output, a missing folder and a damaged file leave nothing behind", "[checkpoint_compare]") {
    const fs::path dir = testing::scratch_dir("checkpoint_compare_refusals");
    write_checkpoint(dir / "a", {{"w", {1}, {1}}});
    testing::write_file(dir / "taken.json", "keep");
    CHECK_THROWS_WITH(compare_checkpoints({dir / "a", dir / "a", dir / "taken.json"}),
                      Catch::Contains("the output path already exists"));
    CHECK(testing::read_file_text(dir / "taken.json") == "keep");
    CHECK_THROWS_WITH(compare_checkpoints({dir / "a", dir / "nowhere", dir / "out.json"}),
                      Catch::Contains("the checkpoint folder does not exist"));
    testing::write_file(dir / "b" / "latest_checkpointed_iteration.txt", "3");
    testing::write_file(dir / "b" / "iter_0000003" / "mp_rank_00" / "model_optim_rng.pt", "PK\x03\x04 cut short");
    try {
        compare_checkpoints({dir / "a", dir / "b", dir / "out.json"});
        FAIL("no error");
    } catch (const Error& error) {
        CHECK(error.file() == (dir / "b" / "iter_0000003" / "mp_rank_00" / "model_optim_rng.pt").string());
    }
    CHECK(!fs::exists(dir / "out.json"));
}
