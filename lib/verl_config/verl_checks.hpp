#pragma once
// config_check's verl runs. Compare: the configs two training logs print,
// filtered into <out>/NPU_config.json and <out>/bench_config.json (json.dump,
// indent 2) and compared into <out>/hyper_params_compare.csv. Verify: the
// config of one log filtered into <out>/tgt_config.json and checked against a
// benchmark yaml (msprobe's own list of the settings that must hold, unless one
// is given) into <out>/hyper_params_verify.csv. A run's files appear together,
// replacing those of an earlier run, or not at all.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace msprobe::verl_config {

struct VerlCompareRequest {
    std::filesystem::path npu_log;
    std::filesystem::path bench_log;
    std::filesystem::path output_dir;
};

struct VerlVerifyRequest {
    std::optional<std::filesystem::path> bench_yaml;  // msprobe's verl_hyper_params_verify.yaml when absent
    std::filesystem::path target_log;
    std::filesystem::path output_dir;
};

struct VerlOutcome {
    std::vector<std::string> warnings;
    std::vector<std::filesystem::path> written;  // the config files, then the table
    std::size_t rows = 0;
    std::size_t inconsistent = 0;
};

// Throw msprobe::Error (exit 1) naming the log, yaml or output at fault.
VerlOutcome compare_verl_logs(const VerlCompareRequest& request);
VerlOutcome verify_verl_log(const VerlVerifyRequest& request);

// msprobe's packaged benchmark for verify.
extern const char* const kDefaultVerifyYaml;

}  // namespace msprobe::verl_config
