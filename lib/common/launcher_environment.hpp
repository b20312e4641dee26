#pragma once
// Whether this process was started by an MPI launcher (mpirun, srun), read
// from the environment the launcher sets, so that a plain run never starts
// MPI and a run under a launcher knows it is one of several.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

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

// Whether this process is the one that prints what every process of a launch
// finds alike before they talk (a bad command line): a plain run, process 0
// of a launch, or a process its launcher does not number.
bool is_first_launched_process();

// This process's environment ("NAME=value" each) less the variables by which a
// launcher marks its processes: a child started with it is a plain run
// (multi_run_ut's workers under mpirun), whatever started this process.
std::vector<std::string> plain_run_environment();

}  // namespace msprobe
