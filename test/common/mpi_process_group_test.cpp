// MPI's world as the run's processes. MPI starts once per process and only
// under a launcher, so this binary runs itself under mpirun: the hidden cases
// below are what each of its processes checks.
#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/launcher_environment.hpp"
#include "common/mpi_process_group.hpp"
#include "common/process_group.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;

namespace {

constexpr int kProcesses = 3;

struct LaunchResult {
    int exit_code = -1;
    std::string output;
};

// This test binary run under mpirun on `processes` processes, running the cases tagged `tag`.
LaunchResult launch_self([[maybe_unused]] int processes, [[maybe_unused]] const std::string& tag) {
#if defined(MSPROBE_WITH_MPI) && defined(MSPROBE_MPIRUN)
    const auto dir = msprobe::testing::scratch_dir("mpi_process_group_" + tag);
    const auto output = dir / "output.txt";
    // No stdin: mpirun forwards it to process 0. A hung collective ends at the timeout.
    const std::string command =
        fmt::format("timeout 120 '{}' --oversubscribe --allow-run-as-root -np {} '{}' '[{}]' </dev/null >'{}' 2>&1",
                    MSPROBE_MPIRUN, processes, fs::canonical("/proc/self/exe").string(), tag, output.string());
    const int status = std::system(command.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, msprobe::testing::read_file_text(output)};
#else
    return {};
#endif
}

bool can_launch() {
#ifndef MSPROBE_WITH_MPI
    WARN("SKIPPED: built without MPI (MSPROBE_WITH_MPI); MpiProcessGroup is not compiled");
    return false;
#elif !defined(MSPROBE_MPIRUN)
    WARN("SKIPPED: no mpirun was found at configure time; MpiProcessGroup was not run");
    return false;
#else
    return true;
#endif
}

std::size_t count_of(const std::string& text, const std::string& part) {
    std::size_t count = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
    return count;
}

}  // namespace

TEST_CASE("mpi process group: the processes of mpirun agree, gather in process order and broadcast", "[mpi]") {
    if (!can_launch()) return;
    const auto result = launch_self(kProcesses, "mpi_process_group_world");
    INFO(result.output);
    CHECK(result.exit_code == 0);
    CHECK(count_of(result.output, "All tests passed") == kProcesses);
}

TEST_CASE("mpi process group: an internal error the others did not learn of aborts the job with its code", "[mpi]") {
    if (!can_launch()) return;
    const auto result = launch_self(kProcesses, "mpi_process_group_abort");
    INFO(result.output);
    CHECK(result.exit_code == msprobe::kExitInternal);
}

#ifdef MSPROBE_WITH_MPI

TEST_CASE("mpi process group, one process of mpirun's world", "[.][mpi_process_group_world]") {
    auto& processes = msprobe::run_processes();
    REQUIRE(dynamic_cast<msprobe::MpiProcessGroup*>(&processes) != nullptr);
    const auto launched = msprobe::launcher_environment();
    REQUIRE(launched);
    CHECK(processes.size() == launched->count.value_or(0));
    CHECK(processes.index() == launched->index.value_or(kProcesses));
    const std::size_t index = processes.index();

    CHECK(processes.all_succeeded(true));
    CHECK_FALSE(processes.all_succeeded(index != 1));  // one process's false fails every process

    const auto gathered = processes.gather_to_first(std::string(index, 'x') + std::to_string(index));
    const auto gathered_empty = processes.gather_to_first("");
    if (processes.is_first()) {
        CHECK(gathered == std::vector<std::string>{"0", "x1", "xx2"});
        CHECK(gathered_empty == std::vector<std::string>{"", "", ""});
    } else {
        CHECK(gathered.empty());
        CHECK(gathered_empty.empty());
    }
    CHECK(processes.broadcast_from_first(index == 0 ? "20261126000000" : "not sent") == "20261126000000");
    CHECK(processes.broadcast_from_first(index == 0 ? "" : "not sent").empty());

    // Process 2's failure is process 0's to print; process 1 learns of it as already reported.
    try {
        msprobe::run_on_every_process(processes, "out", [&] {
            if (index == 2) throw msprobe::Error("npu/rank2/dump.json", "malformed JSON");
        });
        FAIL("run_on_every_process returned although process 2 failed");
    } catch (const msprobe::ReportedByFirstProcess& e) {
        CHECK(index != 0);
        CHECK(std::string(e.what()) == "npu/rank2/dump.json: malformed JSON");
    } catch (const msprobe::Error& e) {
        CHECK(index == 0);
        CHECK(std::string(e.what()) == "npu/rank2/dump.json: malformed JSON");
    }
    msprobe::leave_run_processes(msprobe::kExitBadInput);  // a failure all agreed on: finalised, not aborted
}

TEST_CASE("mpi process group, one process of a job that one process aborts", "[.][mpi_process_group_abort]") {
    auto& processes = msprobe::run_processes();
    if (processes.index() == 1) msprobe::leave_run_processes(msprobe::kExitInternal);
    processes.all_succeeded(true);  // waits for process 1 until the job is aborted
    FAIL("the collective returned although process 1 left");
}

#endif
