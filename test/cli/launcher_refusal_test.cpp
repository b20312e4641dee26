// Started by an MPI launcher as several processes, msprobe refuses what it
// cannot spread over them (each process would do the whole run): a
// subcommand that does not spread, and compare itself in a build without MPI.
// (With MPI, test/mpi checks the refusal under mpirun, printed once.)
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "cli/msprobe_process.hpp"
#include "support/shared_fixtures.hpp"

using msprobe::testing::run_msprobe;

#ifndef MSPROBE_WITH_MPI
// Without MPI (with it, a faked launch would start MPI; test/mpi runs the real one).
TEST_CASE("launched as several processes, a subcommand that does not spread refuses with one line") {
    const auto dir = msprobe::testing::scratch_dir("launcher_refusal_api_precision_compare");
    const std::vector<std::string> args{"-f", "pytorch", "api_precision_compare", "-npu", "npu.csv", "-gpu", "gpu.csv",
                                        "-o", "out"};
    // What mpirun -np 3 sets in each process's environment.
    const auto r = run_msprobe(args, dir, nullptr, "export OMPI_COMM_WORLD_SIZE=3 && ");
    CHECK(r.exit_code == 2);
    CHECK(r.err ==
          "msprobe api_precision_compare: error: started by an MPI launcher as 3 processes, but api_precision_compare "
          "does not spread over processes; run it as one process\n");
    CHECK(r.out.empty());
    CHECK_FALSE(std::filesystem::exists(dir / "out"));
    // One process under the launcher runs as a plain run does.
    const auto one = run_msprobe(args, dir, nullptr, "export OMPI_COMM_WORLD_SIZE=1 && ");
    CHECK(one.err.find("MPI launcher") == std::string::npos);
}

TEST_CASE("launched as several processes, a compare built without MPI refuses with one line") {
    const auto dir = msprobe::testing::scratch_dir("launcher_refusal_compare");
    msprobe::testing::write_text(dir / "compare.json", R"({"npu_path": "npu/step0", "bench_path": "bench/step0"})");
    const auto r = run_msprobe({"-f", "pytorch", "compare", "-i", "compare.json", "-o", "out"}, dir, nullptr,
                               "export OMPI_COMM_WORLD_SIZE=3 && ");
    CHECK(r.exit_code == 2);
    CHECK(
        r.err ==
        "msprobe compare: error: started by an MPI launcher as 3 processes, but this msprobe was built without MPI, so "
        "each would do the whole run; run it as one process, or build it with Open MPI (MSPROBE_WITH_MPI)\n");
    CHECK_FALSE(std::filesystem::exists(dir / "out"));
}
#endif
