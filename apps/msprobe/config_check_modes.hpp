#pragma once
// config_check's operations beyond the configuration packs, each run from its paths and the -o value as typed
// (empty when -o was not given, so each mode applies its own default).
#include <string>
#include <vector>

#include "run_outcome.hpp"

namespace msprobe::cli {

// -c DIR DIR: two Megatron checkpoints compared weight by weight (default output ./ckpt_similarity.json).
RunOutcome run_checkpoint_compare_mode(const std::string& bench_dir, const std::string& cmp_dir,
                                       const std::string& output);
// -vc NPU_LOG BENCH_LOG: the verl hyper-parameters found in two training logs compared.
RunOutcome run_verl_compare_mode(const std::string& npu_log, const std::string& bench_log, const std::string& output);
// -vv [BENCH_YAML] TARGET_LOG: the verl hyper-parameters of a log verified against a yaml.
RunOutcome run_verl_verify_mode(const std::vector<std::string>& paths, const std::string& output);

}  // namespace msprobe::cli
