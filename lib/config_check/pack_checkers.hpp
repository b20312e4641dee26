#pragma once
// The six checkers of two unpacked packs, each run only when its item ("env", "pip", "dataset", "weights",
// "hyperparameters", "random") is present in both: nullopt otherwise, as msprobe leaves such a checker out of
// the summary and the book. Each throws msprobe::Error naming the file it cannot read.
#include <filesystem>
#include <optional>
#include <vector>

#include "config_check/check_level.hpp"

namespace msprobe::config_check {

namespace fs = std::filesystem;

// Which pack's environment goes under the env sheet's bench_* columns.
enum class EnvColumns : std::uint8_t {
    AsNamed,  // the bench pack's under bench_*, the cmp pack's under cmp_*
    Swapped,  // msprobe's: the cmp pack's under bench_* and the other way round
};

std::optional<CheckerResult> check_env(const fs::path& bench_dir, const fs::path& cmp_dir, EnvColumns columns);
std::optional<CheckerResult> check_pip(const fs::path& bench_dir, const fs::path& cmp_dir);
std::optional<CheckerResult> check_dataset(const fs::path& bench_dir, const fs::path& cmp_dir);
std::optional<CheckerResult> check_weights(const fs::path& bench_dir, const fs::path& cmp_dir);
std::optional<CheckerResult> check_hyperparameters(const fs::path& bench_dir, const fs::path& cmp_dir);
std::optional<CheckerResult> check_random(const fs::path& bench_dir, const fs::path& cmp_dir);

// Every checker in msprobe's order (env, pip, dataset, weights, hyperparameters, random), the absent left out.
std::vector<CheckerResult> run_checkers(const fs::path& bench_dir, const fs::path& cmp_dir, EnvColumns columns);

}  // namespace msprobe::config_check
