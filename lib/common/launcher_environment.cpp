#include "common/launcher_environment.hpp"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <string_view>

namespace msprobe {

namespace {

std::optional<std::size_t> number_variable(const char* name) {
    const char* text = std::getenv(name);
    if (text == nullptr) return std::nullopt;
    std::size_t number = 0;
    const char* end = text + std::strlen(text);
    const auto [stop, error] = std::from_chars(text, end, number);
    if (error != std::errc() || stop != end) return std::nullopt;
    return number;
}

std::optional<std::size_t> count_variable(const char* name) {
    const auto count = number_variable(name);
    return count == std::size_t{0} ? std::nullopt : count;
}

// What launcher_environment() reads.
constexpr const char* kLauncherVariables[] = {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "SLURM_PROCID", "PMIX_RANK"};

}  // namespace

std::optional<LaunchedProcesses> launcher_environment() {
    // Open MPI's mpirun, then MPICH/Intel MPI's Hydra (PMI), then Slurm's srun:
    // SLURM_STEP_NUM_TASKS is set for a job step srun started, not for a batch
    // script's own shell, which a plain run inside sbatch would see.
    if (const auto count = count_variable("OMPI_COMM_WORLD_SIZE")) {
        return LaunchedProcesses{count, number_variable("OMPI_COMM_WORLD_RANK")};
    }
    if (const auto count = count_variable("PMI_SIZE")) return LaunchedProcesses{count, number_variable("PMI_RANK")};
    if (std::getenv("SLURM_PROCID") != nullptr) {
        if (const auto count = count_variable("SLURM_STEP_NUM_TASKS")) {
            return LaunchedProcesses{count, number_variable("SLURM_PROCID")};
        }
    }
    if (std::getenv("PMIX_RANK") != nullptr) return LaunchedProcesses{std::nullopt, number_variable("PMIX_RANK")};
    return std::nullopt;
}

bool is_first_launched_process() {
    const auto launched = launcher_environment();
    return !launched || launched->index.value_or(0) == 0;
}

std::vector<std::string> plain_run_environment() {
    std::vector<std::string> variables;
    for (char** entry = environ; *entry != nullptr; ++entry) {
        const std::string_view text(*entry);
        const std::string_view name = text.substr(0, text.find('='));
        const bool marks_launch = std::find(std::begin(kLauncherVariables), std::end(kLauncherVariables), name) !=
                                  std::end(kLauncherVariables);
        if (!marks_launch) variables.emplace_back(text);
    }
    return variables;
}

}  // namespace msprobe
