#include "common/launcher_environment.hpp"

#include <charconv>
#include <cstdlib>
#include <cstring>

namespace msprobe {

namespace {

std::optional<std::size_t> count_variable(const char* name) {
    const char* text = std::getenv(name);
    if (text == nullptr) return std::nullopt;
    std::size_t count = 0;
    const char* end = text + std::strlen(text);
    const auto [stop, error] = std::from_chars(text, end, count);
    if (error != std::errc() || stop != end || count == 0) return std::nullopt;
    return count;
}

}  // namespace

std::optional<LaunchedProcesses> launcher_environment() {
    // Open MPI's mpirun, then MPICH/Intel MPI's Hydra (PMI), then Slurm's srun:
    // SLURM_STEP_NUM_TASKS is set for a job step srun started, not for a batch
    // script's own shell, which a plain run inside sbatch would see.
    for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"}) {
        if (const auto count = count_variable(name)) return LaunchedProcesses{count};
    }
    if (std::getenv("SLURM_PROCID") != nullptr) {
        if (const auto count = count_variable("SLURM_STEP_NUM_TASKS")) return LaunchedProcesses{count};
    }
    if (std::getenv("PMIX_RANK") != nullptr) return LaunchedProcesses{std::nullopt};
    return std::nullopt;
}

}  // namespace msprobe
