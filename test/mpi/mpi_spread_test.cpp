// Directory compares run under mpirun as three processes: the same files and
// summary as one process, and a failure anywhere (a process that cannot
// write, a process killed) fails the run with no result file in place.
// Built only with MPI and when mpirun was found (test/CMakeLists.txt).
#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <signal.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "mpi/mpi_runs.hpp"
#include "support/file_text.hpp"
#include "support/planted_anomaly.hpp"
#include "support/ptdbg_writer.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::testing::ProcessResult;
using msprobe::testing::read_file_text;
using msprobe::testing::shell_quote;

namespace {

using namespace msprobe::testing::mpi;

// A shell script that runs its arguments, with `setup` first on process 1 only.
std::string wrapper_script(const fs::path& dir, const std::string& setup) {
    const fs::path script = dir / "on_process_1.sh";
    msprobe::testing::write_file(
        script, "#!/bin/sh\nif [ \"$OMPI_COMM_WORLD_RANK\" = 1 ]; then " + setup + "; fi\nexec \"$@\"\n");
    fs::permissions(script, fs::perms::owner_all);
    return script.string();
}

}  // namespace

TEST_CASE("three processes write a step compare's files and summary as one process does") {
    const fs::path dir = copied_dump("mpi_april_steps");
    for (const char* step : {"step0", "step1"}) {
        INFO(step);
        const std::string config = fmt::format("compare_{}.json", step);
        const std::string single_out = fmt::format("single_{}", step);
        const std::string spread_out = fmt::format("spread_{}", step);
        const auto single = run_single({"-f", "pytorch", "compare", "-i", config, "-o", single_out}, dir);
        REQUIRE(single.exit_code == 0);
        const auto spread = run_spread({"-f", "pytorch", "compare", "-i", config, "-o", spread_out}, dir);
        INFO(spread.err);
        REQUIRE(spread.exit_code == 0);
        CHECK(files_below(dir / spread_out).size() == 2 * kRanks);  // a workbook and an advice file per rank
        check_same_files(dir / spread_out, dir / single_out);
        // Process 0 alone prints the summary, every rank in order.
        CHECK(screen_text(spread.out, spread_out) == screen_text(single.out, single_out));
        CHECK(spread.out.find("rank7: ") != std::string::npos);
    }
}

TEST_CASE("August's dump-root compare over three processes equals one process's") {
    const fs::path dir = copied_dump("mpi_august_root");
    for (const bool xlsx : {false, true}) {
        INFO("xlsx " << xlsx);
        const std::string single_out = xlsx ? "single_xlsx" : "single_csv";
        const std::string spread_out = xlsx ? "spread_xlsx" : "spread_csv";
        std::vector<std::string> args{"compare", "-tp", "npu", "-gp", "bench", "-o"};
        auto single_args = args;
        single_args.push_back(single_out);
        auto spread_args = args;
        spread_args.push_back(spread_out);
        if (xlsx) {
            single_args.push_back("--xlsx");
            spread_args.push_back("--xlsx");
        }
        const auto single = run_single(single_args, dir);
        REQUIRE(single.exit_code == 0);
        const auto spread = run_spread(spread_args, dir);
        INFO(spread.err);
        REQUIRE(spread.exit_code == 0);
        CHECK(files_below(dir / spread_out).size() == 2 * kRanks);  // step0/ and step1/, a file per rank
        check_same_files(dir / spread_out, dir / single_out);
        CHECK(screen_text(spread.out, spread_out) == screen_text(single.out, single_out));
    }
    // A step folder as -tp/-gp.
    const auto single = run_single({"compare", "-tp", "npu/step1", "-gp", "bench/step1", "-o", "single_step"}, dir);
    const auto spread = run_spread({"compare", "-tp", "npu/step1", "-gp", "bench/step1", "-o", "spread_step"}, dir);
    REQUIRE(single.exit_code == 0);
    REQUIRE(spread.exit_code == 0);
    check_same_files(dir / "spread_step", dir / "single_step");
}

TEST_CASE("the first differing API over three processes: every rank's result, then process 0's analysis") {
    const fs::path dir = copied_dump("mpi_diff_analyze");
    const auto single =
        run_single({"-f", "pytorch", "compare", "-i", "compare_step0.json", "-da", "-o", "single"}, dir);
    REQUIRE(single.exit_code == 0);
    const auto spread =
        run_spread({"-f", "pytorch", "compare", "-i", "compare_step0.json", "-da", "-o", "spread"}, dir);
    INFO(spread.err);
    REQUIRE(spread.exit_code == 0);
    const auto files = files_below(dir / "spread");
    CHECK(files.size() == kRanks + 1);  // compare_result_rank*.json and diff_analyze_*.json
    CHECK(files.count("diff_analyze_TS.json") == 1);
    check_same_files(dir / "spread", dir / "single");
    // August's -da of a step folder.
    const auto august_single =
        run_single({"compare", "-tp", "npu/step1", "-gp", "bench/step1", "-da", "-o", "august_single"}, dir);
    const auto august_spread =
        run_spread({"compare", "-tp", "npu/step1", "-gp", "bench/step1", "-da", "-o", "august_spread"}, dir);
    REQUIRE(august_single.exit_code == 0);
    REQUIRE(august_spread.exit_code == 0);
    check_same_files(dir / "august_spread", dir / "august_single");
    CHECK(screen_text(august_spread.out, "august_spread") == screen_text(august_single.out, "august_single"));
}

TEST_CASE("ptdbg rank folders over three processes give one process's files") {
    const fs::path dir = msprobe::testing::scratch_dir("mpi_ptdbg_ranks");
    msprobe::testing::write_legacy_pair({dir, 5, false, true});
    const auto single =
        run_single({"-f", "pytorch", "compare", "-i", "compare_ptdbg_distributed.json", "-o", "single"}, dir);
    REQUIRE(single.exit_code == 0);
    const auto spread =
        run_spread({"-f", "pytorch", "compare", "-i", "compare_ptdbg_distributed.json", "-o", "spread"}, dir);
    INFO(spread.err);
    REQUIRE(spread.exit_code == 0);
    CHECK(files_below(dir / "spread").size() == 10);
    check_same_files(dir / "spread", dir / "single");
    CHECK(screen_text(spread.out, "spread") == screen_text(single.out, "single"));
}

TEST_CASE("a rank whose dump is bad is skipped and named, the others written, as by one process") {
    const fs::path dir = copied_dump("mpi_bad_rank");
    msprobe::testing::write_file(dir / "npu/step0/rank5/dump.json", "{\"task\": ");
    const auto single = run_single({"-f", "pytorch", "compare", "-i", "compare_step0.json", "-o", "single"}, dir);
    const auto spread = run_spread({"-f", "pytorch", "compare", "-i", "compare_step0.json", "-o", "spread"}, dir);
    CHECK(single.exit_code == 2);
    CHECK(spread.exit_code == 2);
    CHECK(spread.err.find("npu/step0/rank5/dump.json: malformed JSON") != std::string::npos);
    CHECK(spread.err.find("1 rank(s) could not be compared") != std::string::npos);
    CHECK(files_below(dir / "spread").size() == 2 * (kRanks - 1));
    check_same_files(dir / "spread", dir / "single");
}

TEST_CASE("a process that cannot write its results fails the run, and no result file appears") {
    const fs::path dir = copied_dump("mpi_write_failure");
    // Process 1's files may not grow past 16 KiB (ulimit -f): its workbooks fail to write, which stops the run.
    const std::string wrapper = wrapper_script(dir, "ulimit -f 16");
    const auto r = run_spread({"-f", "pytorch", "compare", "-i", "compare_step1.json", "-o", "out"}, dir, wrapper);
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(std::regex_search(
        r.err,
        std::regex(R"(msprobe compare: error: out/compare_result_rank\d_\d{14}\.xlsx: write failed: File too large)")));
    // Printed once, by process 0, whichever process failed.
    CHECK(count_of(r.err, "msprobe compare: error:") == 1);
    CHECK(files_below(dir / "out").empty());
}

TEST_CASE("August's compare into an output folder no process can make: said once, exit 1, nothing left") {
    const fs::path dir = copied_dump("mpi_output_folder");
    fs::create_directory_symlink("gone", dir / "dangling");  // a link whose folder is not there
    const auto r = run_spread({"compare", "-tp", "npu/step1", "-gp", "bench/step1", "-o", "dangling/out"}, dir);
    INFO(r.err);
    CHECK(r.exit_code == 1);
    CHECK(count_of(r.err, "msprobe compare: error: dangling/out: cannot create the output directory: ") == 1);
    CHECK(count_of(r.err, "msprobe compare: error:") == 1);
    CHECK(count_of(r.err, "Skipping") == 0);
    CHECK_FALSE(fs::exists(dir / "gone"));
}

TEST_CASE("a process killed during the run fails it, and no result file appears") {
    const fs::path dir = copied_dump("mpi_killed_process");
    // Process 1 stops itself before msprobe starts; the others cannot pass the
    // run's first collective without it, so none can commit a file.
    const fs::path pid_file = dir / "stopped.pid";
    const std::string wrapper = wrapper_script(dir, "echo $$ > " + shell_quote(pid_file.string()) + "; kill -STOP $$");
    ProcessResult result;
    std::atomic<bool> finished{false};
    std::thread job([&] {
        const auto args = std::vector<std::string>{"-f", "pytorch", "compare", "-i", "compare_step1.json", "-o", "out"};
        result = run_command(mpirun_command(kProcesses, args, wrapper), dir);
        finished = true;
    });
    // Waits for process 1 to have stopped: an event, not a duration (the job cannot end before it).
    pid_t stopped = 0;
    while (stopped == 0 && !finished) {
        const std::string pid_text = read_file_text(pid_file);
        if (!pid_text.empty()) {
            const std::string status =
                read_file_text(fs::path("/proc") / std::to_string(std::stoi(pid_text)) / "status");
            if (status.find("State:\tT") != std::string::npos) stopped = std::stoi(pid_text);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    if (stopped != 0) ::kill(stopped, SIGKILL);
    job.join();
    REQUIRE(stopped != 0);
    INFO(result.err);
    CHECK(result.exit_code != 0);
    CHECK(result.err.find("exited on signal 9") != std::string::npos);
    CHECK(files_below(dir / "out").empty());
}

TEST_CASE("a process terminated while results are staged: every process removes its staged files") {
    const fs::path dir = copied_dump("mpi_terminated_process");
    const fs::path pid_file = dir / "process1.pid";
    const std::string wrapper = wrapper_script(dir, "echo $$ > " + shell_quote(pid_file.string()));
    const fs::path out = dir / "out";
    fs::create_directories(out);
    const int watch = ::inotify_init1(IN_CLOEXEC);
    REQUIRE(watch >= 0);
    REQUIRE(::inotify_add_watch(watch, out.c_str(), IN_CREATE) >= 0);
    ProcessResult result;
    std::thread job([&] {
        const auto args =
            std::vector<std::string>{"-f", "pytorch", "compare", "-i", "compare_step1.json", "-o", "out", "-j", "1"};
        // mpirun follows its SIGTERM with SIGKILL after a second by default (and waits out the delay); a loaded
        // machine may not have run the peers' handlers by then, and no process can clean up after SIGKILL.
        result = run_command(mpirun_command(kProcesses, args, wrapper, "--mca odls_base_sigkill_timeout 10"), dir);
    });
    // Process 1's wrapper writes its pid before msprobe starts; no commit can happen without process 1. The pid
    // is read first, so that nothing stands between the staged file's event and the stop.
    std::string pid_text = read_file_text(pid_file);
    while (pid_text.find('\n') == std::string::npos) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        pid_text = read_file_text(pid_file);
    }
    const pid_t process1 = std::stoi(pid_text);
    // The first staged file of any process: process 1 is stopped at once, so no process can pass the
    // agreement that precedes the commit; then it is terminated. An event, not a duration.
    bool staged_seen = false;
    alignas(inotify_event) char buffer[4096];
    while (!staged_seen) {
        const ssize_t n = ::read(watch, buffer, sizeof buffer);
        if (n <= 0) break;
        for (ssize_t offset = 0; offset < n;) {
            const auto* event = reinterpret_cast<const inotify_event*>(buffer + offset);
            if (event->len > 0 && std::string(event->name).find(".staged-") != std::string::npos) staged_seen = true;
            offset += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
        }
    }
    ::close(watch);
    ::kill(process1, SIGSTOP);
    ::kill(process1, SIGTERM);
    ::kill(process1, SIGCONT);
    job.join();
    REQUIRE(staged_seen);
    INFO(result.err);
    CHECK(result.exit_code != 0);
    std::string left;
    for (const auto& entry : fs::recursive_directory_iterator(out)) left += entry.path().filename().string() + " ";
    CHECK(left == "");
}

TEST_CASE("a subcommand that does not spread refuses to run as several processes") {
    const fs::path dir = copied_dump("mpi_unspread_subcommand");
    const auto r =
        run_command(mpirun_command(2, {"-f", "pytorch", "overflow_check", "-i", "npu/step0", "-o", "out"}), dir);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("msprobe overflow_check: error: started by an MPI launcher as 2 processes, but overflow_check "
                     "does not spread over processes; run it as one process") != std::string::npos);
    CHECK(!fs::exists(dir / "out"));
}

TEST_CASE("the first NaN/Inf over three processes: each reads its ranks, process 0 searches them all") {
    const fs::path dir = copied_dump("mpi_nan_analyze");
    // An inf planted in rank 5's 8th compute forward (npu side).
    const fs::path rank5 = dir / "npu/step0/rank5/dump.json";
    msprobe::testing::plant_inf(rank5, msprobe::testing::nth_compute_forward(rank5, 8));
    const auto single = run_single({"-f", "pytorch", "nan_analyze", "-i", "npu/step0", "-o", "single"}, dir);
    REQUIRE(single.exit_code == 0);
    const auto spread = run_spread({"-f", "pytorch", "nan_analyze", "-i", "npu/step0", "-o", "spread"}, dir);
    INFO(spread.err);
    REQUIRE(spread.exit_code == 0);
    const auto files = files_below(dir / "spread");
    CHECK(files.size() == 1);
    CHECK(files.count("anomaly_analyze_TS.json") == 1);
    check_same_files(dir / "spread", dir / "single");
    CHECK(read_file_text(files.begin()->second).find("rank_5") != std::string::npos);
    // August's overflow_check is the same analysis.
    const auto august_single = run_single({"overflow_check", "-i", "npu/step0", "-o", "august_single"}, dir);
    const auto august_spread = run_spread({"overflow_check", "-i", "npu/step0", "-o", "august_spread"}, dir);
    REQUIRE(august_single.exit_code == 0);
    REQUIRE(august_spread.exit_code == 0);
    check_same_files(dir / "august_spread", dir / "august_single");
    // A rank whose dump.json is malformed fails the run on every process, and nothing is written.
    msprobe::testing::write_file(dir / "npu/step0/rank2/dump.json", "{\"data\": ");
    const auto bad = run_spread({"-f", "pytorch", "nan_analyze", "-i", "npu/step0", "-o", "bad"}, dir);
    CHECK(bad.exit_code == 2);
    CHECK(count_of(bad.err, "msprobe nan_analyze: error: npu/step0/rank2/dump.json: ") == 1);
    CHECK(files_below(dir / "bad").empty());
}

TEST_CASE("bad input every process finds is printed once, and nothing is written") {
    const fs::path dir = copied_dump("mpi_bad_input_once");
    msprobe::testing::write_file(dir / "compare_missing.json",
                                 R"({"npu_path": "npu/step9", "bench_path": "bench/step9"})");
    const auto april = run_spread({"-f", "pytorch", "compare", "-i", "compare_missing.json", "-o", "out"}, dir);
    CHECK(april.exit_code == 2);
    CHECK(count_of(april.err, "msprobe compare: error: npu/step9: ") == 1);
    const auto august = run_spread({"compare", "-tp", "npu/step9", "-gp", "bench/step9", "-o", "out"}, dir);
    CHECK(august.exit_code == 1);  // August's code for a run that finds bad input
    CHECK(count_of(august.err, "msprobe compare: error: ") == 1);
    const auto nan = run_spread({"-f", "pytorch", "nan_analyze", "-i", "npu/step9", "-o", "out"}, dir);
    CHECK(nan.exit_code == 2);
    CHECK(count_of(nan.err, "msprobe nan_analyze: error: ") == 1);
    CHECK_FALSE(fs::exists(dir / "out"));
}
