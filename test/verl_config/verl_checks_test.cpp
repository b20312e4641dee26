#include "verl_config/verl_checks.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

#include "common/error.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "support/verl_training_logs.hpp"

using namespace msprobe;
using namespace msprobe::verl_config;
namespace fs = std::filesystem;

namespace {

// msprobe's files for the same logs (its verl_filter_config_info, verl_compare_hyper_params and
// verl_verify_hyper_params run on them), without the byte order mark its CSV files start with.
const std::string kCompareCsv =
    "超参名称,NPU生效值,bench生效值,是否一致\n"
    "actor_rollout_ref/actor/checkpoint/contents,\"['model', 'optimizer', 'extra']\",\"['model', '"
    "optimizer', 'extra']\",是\n"
    "actor_rollout_ref/actor/clip_ratio,0.2,0.2,是\n"
    "actor_rollout_ref/actor/entropy_coeff,0.001,0.001,是\n"
    "actor_rollout_ref/actor/load_weight,True,True,是\n"
    "actor_rollout_ref/actor/megatron/override_transformer_config/use_ascend_mc2,False,False,是\n"
    "actor_rollout_ref/actor/megatron/tensor_model_parallel_size,4,2,否\n"
    "actor_rollout_ref/actor/optim/lr,1e-06,2e-06,否\n"
    "actor_rollout_ref/actor/optim/lr_warmup_steps,-1,-1,是\n"
    "actor_rollout_ref/actor/optim/weight_decay,0.01,0.01,是\n"
    "actor_rollout_ref/actor/ppo_micro_batch_size_per_gpu,None,None,是\n"
    "actor_rollout_ref/actor/shuffle,False,False,是\n"
    "actor_rollout_ref/actor/use_dynamic_bsz,False,False,是\n"
    "actor_rollout_ref/actor/use_remove_padding,True,True,是\n"
    "actor_rollout_ref/model/override_config,{},{},是\n"
    "actor_rollout_ref/model/path,'/home/data/models/Qwen2.5-7B-Instruct','/home/data/models/Qw"
    "en2.5-7B-Instruct',是\n"
    "actor_rollout_ref/model/use_remove_padding,True,True,是\n"
    "actor_rollout_ref/rollout/gpu_memory_utilization,0.6,0.6,是\n"
    "actor_rollout_ref/rollout/log_prob_use_dynamic_bsz,False,False,是\n"
    "actor_rollout_ref/rollout/name,'vllm','vllm',是\n"
    "actor_rollout_ref/rollout/temperature,1.0,1.0,是\n"
    "algorithm/adv_estimator,'grpo','grpo',是\n"
    "algorithm/filter_groups/enable,False,False,是\n"
    "algorithm/gamma,1.0,1.0,是\n"
    "data/max_prompt_length,512,512,是\n"
    "data/shuffle,False,False,是\n"
    "data/train_batch_size,1024,1024,是\n"
    "data/train_files,'/home/data/gsm8k/train.parquet','/home/data/gsm8k/train.parquet',是\n"
    "trainer/balance_batch,True,True,是\n"
    "trainer/device,NA,'cuda',否\n"
    "trainer/logger,\"['console', 'wandb']\",\"['console', 'wandb']\",是\n"
    "trainer/project_name,'verl_grpo_example_gsm8k','verl_grpo_example_gsm8k',是\n"
    "trainer/total_epochs,15,15,是\n";

const std::string kVerifyCsv =
    "关键参数名称,bench生效值,target生效值,是否一致\n"
    "VLLM_ASCEND_ENABLE_NZ,0,NA,否\n"
    "actor_rollout_ref/actor/load_weight,True,True,是\n"
    "actor_rollout_ref/actor/megatron/override_transformer_config/use_ascend_mc2,False,False,是\n"
    "actor_rollout_ref/actor/override_transformer_config/calculate_per_token_loss,False,NA,否\n"
    "actor_rollout_ref/actor/shuffle,False,False,是\n"
    "actor_rollout_ref/actor/use_dynamic_bsz,False,False,是\n"
    "actor_rollout_ref/actor/use_remove_padding,True,True,是\n"
    "actor_rollout_ref/model/use_remove_padding,True,True,是\n"
    "actor_rollout_ref/ref/load_weight,True,NA,否\n"
    "actor_rollout_ref/ref/log_prob_use_dynamic_bsz,False,NA,否\n"
    "actor_rollout_ref/rollout/log_prob_use_dynamic_bsz,False,False,是\n"
    "algorithm/filter_groups/enable,False,False,是\n"
    "critic/model/use_remove_padding,True,NA,否\n"
    "critic/shuffle,False,NA,否\n"
    "critic/use_dynamic_bsz,False,NA,否\n"
    "data/shuffle,False,False,是\n"
    "trainer/balance_batch,False,True,否\n";

const std::string kInterleavedJson =
    "{\n"
    "  \"actor_rollout_ref\": {\n"
    "    \"model\": {\n"
    "      \"lora_rank\": 0,\n"
    "      \"path\": \"/home/data/models/a-very-long-model-name-that-pprint-will-have-to-split-ove"
    "r-several-lines/Qwen2.5-7B-Instruct-with-more-words\",\n"
    "      \"target_modules\": \"all-linear\"\n"
    "    },\n"
    "    \"rollout\": {\n"
    "      \"engine_kwargs\": {\n"
    "        \"sglang\": {},\n"
    "        \"vllm\": {\n"
    "          \"swap_space\": null\n"
    "        }\n"
    "      },\n"
    "      \"val_kwargs\": {\n"
    "        \"do_sample\": false,\n"
    "        \"temperature\": 0,\n"
    "        \"top_k\": -1,\n"
    "        \"top_p\": 1.0\n"
    "      }\n"
    "    }\n"
    "  },\n"
    "  \"custom_reward_function\": {\n"
    "    \"name\": \"compute_score\",\n"
    "    \"path\": null\n"
    "  },\n"
    "  \"trainer\": {\n"
    "    \"default_local_dir\": \"checkpoints/verl_examples/gsm8k\",\n"
    "    \"max_actor_ckpt_to_keep\": null,\n"
    "    \"n_gpus_per_node\": 8,\n"
    "    \"nnodes\": 1,\n"
    "    \"rollout_data_dir\": null,\n"
    "    \"val_before_train\": true,\n"
    "    \"weights\": [\n"
    "      0.5,\n"
    "      1e-05,\n"
    "      -2,\n"
    "      3.25e+20\n"
    "    ]\n"
    "  }\n"
    "}";

const std::string kByteOrderMark = "\xEF\xBB\xBF";

}  // namespace

TEST_CASE("verl compare writes both configs and the table msprobe writes", "[verl_checks]") {
    const fs::path dir = testing::scratch_dir("verl_compare");
    testing::write_file(dir / "npu.log", testing::npu_training_log());
    testing::write_file(dir / "bench.log", testing::bench_training_log());
    const auto outcome = compare_verl_logs({dir / "npu.log", dir / "bench.log", dir / "out"});
    CHECK(outcome.rows == 32);
    CHECK(outcome.inconsistent == 3);
    REQUIRE(outcome.written.size() == 3);
    CHECK(testing::read_file_text(dir / "out" / "hyper_params_compare.csv") == kByteOrderMark + kCompareCsv);
    const std::string npu_json = testing::read_file_text(dir / "out" / "NPU_config.json");
    CHECK(npu_json.starts_with("{\n  \"actor_rollout_ref\": {\n    \"actor\": {\n      \"checkpoint\": {\n"));
    CHECK(npu_json.find("\"lr\": 1e-06,") != std::string::npos);
    CHECK(testing::read_file_text(dir / "out" / "bench_config.json").find("\"device\": \"cuda\"") != std::string::npos);
}

TEST_CASE("verl compare replaces the files of an earlier run", "[verl_checks]") {
    const fs::path dir = testing::scratch_dir("verl_compare_again");
    testing::write_file(dir / "npu.log", testing::npu_training_log());
    testing::write_file(dir / "out" / "hyper_params_compare.csv", "old");
    compare_verl_logs({dir / "npu.log", dir / "npu.log", dir / "out"});
    const std::string csv = testing::read_file_text(dir / "out" / "hyper_params_compare.csv");
    CHECK(csv.find("actor_rollout_ref/actor/optim/lr,1e-06,1e-06,是\n") != std::string::npos);
    CHECK(csv.find(",否\n") == std::string::npos);
    CHECK(!fs::exists(dir / "out" / "hyper_params_compare_1.csv"));
}

TEST_CASE("verl verify against msprobe's own list of settings", "[verl_checks]") {
    const fs::path dir = testing::scratch_dir("verl_verify");
    testing::write_file(dir / "target.log", testing::npu_training_log());
    const auto outcome = verify_verl_log({std::nullopt, dir / "target.log", dir / "out"});
    CHECK(outcome.rows == 17);
    CHECK(outcome.inconsistent == 8);
    CHECK(testing::read_file_text(dir / "out" / "hyper_params_verify.csv") == kByteOrderMark + kVerifyCsv);
    CHECK(testing::read_file_text(dir / "out" / "tgt_config.json").starts_with("{\n  \"actor_rollout_ref\""));
}

TEST_CASE("verl verify against a yaml of the user's, with PyYAML's scalars", "[verl_checks]") {
    const fs::path dir = testing::scratch_dir("verl_verify_yaml");
    testing::write_file(dir / "target.log", testing::npu_training_log());
    testing::write_file(dir / "bench.yaml",
                        "trainer:\n  total_epochs: 15\n  balance_batch: yes\n"
                        "actor_rollout_ref:\n  actor:\n    optim:\n      lr: 1.0e-6\n      lr_warmup_steps: -1\n"
                        "  rollout:\n    name: 'vllm'\n    temperature: 1\n");
    const auto outcome = verify_verl_log({dir / "bench.yaml", dir / "target.log", dir / "out"});
    CHECK(testing::read_file_text(dir / "out" / "hyper_params_verify.csv") ==
          kByteOrderMark +
              "关键参数名称,bench生效值,target生效值,是否一致\n"
              "actor_rollout_ref/actor/optim/lr,1e-06,1e-06,是\n"
              "actor_rollout_ref/actor/optim/lr_warmup_steps,-1,-1,是\n"
              "actor_rollout_ref/rollout/name,'vllm','vllm',是\n"
              "actor_rollout_ref/rollout/temperature,1,1.0,是\n"
              "trainer/balance_batch,True,True,是\n"
              "trainer/total_epochs,15,15,是\n");
    CHECK(outcome.inconsistent == 0);
}

TEST_CASE("a log without the config names itself and writes nothing", "[verl_checks]") {
    const fs::path dir = testing::scratch_dir("verl_bad_log");
    testing::write_file(dir / "npu.log", testing::npu_training_log());
    testing::write_file(dir / "empty.log", "(TaskRunner pid=1) nothing printed\n");
    try {
        compare_verl_logs({dir / "npu.log", dir / "empty.log", dir / "out"});
        FAIL("no error");
    } catch (const Error& error) {
        CHECK(error.file() == (dir / "empty.log").string());
        CHECK(error.reason() == "Failed extract config from " + (dir / "empty.log").string() +
                                    ":Not found the start with 'actor_rollout_ref' dict in log..");
        CHECK(error.exit_code() == 1);
    }
    CHECK(!fs::exists(dir / "out"));
}

TEST_CASE("a missing log, a log that is not UTF-8 and a benchmark that is not .yaml are refused", "[verl_checks]") {
    const fs::path dir = testing::scratch_dir("verl_bad_files");
    testing::write_file(dir / "latin1.log", "(P) {'actor_rollout_ref': '\xE9t\xE9'}\n");
    testing::write_file(dir / "bench.YAML", "a: 1\n");
    testing::write_file(dir / "target.log", testing::npu_training_log());
    CHECK_THROWS_WITH(verify_verl_log({std::nullopt, dir / "missing.log", dir / "out"}),
                      Catch::Contains("the log does not exist"));
    CHECK_THROWS_WITH(verify_verl_log({std::nullopt, dir / "latin1.log", dir / "out"}),
                      Catch::Contains("the log is not UTF-8 text"));
    CHECK_THROWS_WITH(verify_verl_log({dir / "bench.YAML", dir / "target.log", dir / "out"}),
                      Catch::Contains("仅支持 .json, .yaml格式"));
    CHECK(!fs::exists(dir / "out"));
}
