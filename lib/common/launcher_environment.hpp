#pragma once
// Whether this process was started by an MPI launcher (mpirun, srun), read
// from the environment the launcher sets, so that a plain run never starts
// MPI and a run under a launcher knows it is one of several.
#include <cstddef>
#include <optional>

namespace msprobe {

struct LaunchedProcesses {
    // How many processes the launcher started, when it says so (Open MPI,
    // MPICH's PMI and srun do; a bare PMIx launch does not).
    std::optional<std::size_t> count;
    // This process's place among them (0 .. count - 1), when the launcher says so.
    std::optional<std::size_t> index;
};

// nullopt for a plain run; else what the launcher said.
std::optional<LaunchedProcesses> launcher_environment();

}  // namespace msprobe
