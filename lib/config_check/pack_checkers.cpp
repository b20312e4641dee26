#include "config_check/pack_checkers.hpp"

namespace msprobe::config_check {

std::vector<CheckerResult> run_checkers(const fs::path& bench_dir, const fs::path& cmp_dir, EnvColumns columns) {
    std::vector<CheckerResult> results;
    for (auto result : {check_env(bench_dir, cmp_dir, columns), check_pip(bench_dir, cmp_dir),
                        check_dataset(bench_dir, cmp_dir), check_weights(bench_dir, cmp_dir),
                        check_hyperparameters(bench_dir, cmp_dir), check_random(bench_dir, cmp_dir)}) {
        if (result) results.push_back(std::move(*result));
    }
    return results;
}

}  // namespace msprobe::config_check
