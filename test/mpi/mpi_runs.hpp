#pragma once
// Running msprobe under mpirun from a test: the command lines, their output,
// the files a run leaves and a generated dump of several ranks and steps.
// Shared by the tests of test/mpi.
#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <sys/wait.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli/msprobe_process.hpp"
#include "report/xlsx_reader.hpp"
#include "support/dump_generator.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "support/workbook_match.hpp"

namespace msprobe::testing::mpi {

namespace fs = std::filesystem;

inline constexpr int kProcesses = 3;
inline constexpr int kRanks = 8;

// `command` run by the shell in `cwd`, its stdout and stderr collected.
inline ProcessResult run_command(const std::string& command, const fs::path& cwd) {
    const auto out_file = cwd / ".mpi_stdout.txt";
    const auto err_file = cwd / ".mpi_stderr.txt";
    // No stdin: mpirun forwards it to process 0, and reading a terminal from a background job stops the job.
    const std::string line = "cd " + shell_quote(cwd.string()) + " && " + command + " </dev/null >" +
                             shell_quote(out_file.string()) + " 2>" + shell_quote(err_file.string());
    const int status = std::system(line.c_str());
    ProcessResult r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = read_file_text(out_file);
    r.err = read_file_text(err_file);
    fs::remove(out_file);
    fs::remove(err_file);
    return r;
}

inline std::string msprobe_command(const std::vector<std::string>& args) {
    std::string command = shell_quote(MSPROBE_BINARY);
    for (const auto& a : args) command += " " + shell_quote(a);
    return command;
}

inline std::string mpirun_command(int processes, const std::vector<std::string>& args, const std::string& wrapper = "",
                                  const std::string& launcher_flags = "") {
    // CI runs as root; this box has fewer cores than processes.
    return fmt::format("{} --oversubscribe --allow-run-as-root {}-np {} {}{}", shell_quote(MSPROBE_MPIRUN),
                       launcher_flags.empty() ? "" : launcher_flags + " ", processes,
                       wrapper.empty() ? "" : shell_quote(wrapper) + " ", msprobe_command(args));
}

inline ProcessResult run_single(const std::vector<std::string>& args, const fs::path& cwd) {
    return run_command(msprobe_command(args), cwd);
}

inline ProcessResult run_spread(const std::vector<std::string>& args, const fs::path& cwd,
                                const std::string& wrapper = "") {
    return run_command(mpirun_command(kProcesses, args, wrapper), cwd);
}

inline std::size_t count_of(const std::string& text, const std::string& part) {
    std::size_t count = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
    return count;
}

// A file name with its timestamp taken out (14 digits, or diff_analyze's 19 of nanoseconds).
inline std::string without_timestamp(const std::string& text) {
    static const std::regex kStamp("_[0-9]{14}(?:[0-9]{5})?");
    return std::regex_replace(text, kStamp, "_TS");
}

// Every file below `dir` (hidden ones too), by its path relative to dir, timestamps taken out.
inline std::map<std::string, fs::path> files_below(const fs::path& dir) {
    std::map<std::string, fs::path> files;
    if (!fs::exists(dir)) return files;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
        if (entry.is_regular_file()) files[without_timestamp(fs::relative(entry.path(), dir).string())] = entry.path();
    }
    return files;
}

// The two folders hold the same files: workbooks cell for cell, anything else byte for byte.
inline void check_same_files(const fs::path& spread, const fs::path& single) {
    const auto ours = files_below(spread);
    const auto expected = files_below(single);
    REQUIRE(!expected.empty());
    std::vector<std::string> our_names;
    std::vector<std::string> expected_names;
    for (const auto& [name, path] : ours) our_names.push_back(name);
    for (const auto& [name, path] : expected) expected_names.push_back(name);
    REQUIRE(our_names == expected_names);
    for (const auto& [name, path] : expected) {
        INFO(name);
        const fs::path& our_path = ours.at(name);
        if (path.extension() == ".xlsx") {
            const auto differences = msprobe::testing::workbook_differences(
                msprobe::report::read_xlsx(our_path.string()), msprobe::report::read_xlsx(path.string()));
            CHECK(differences.empty());
        } else {
            CHECK(read_file_text(our_path) == read_file_text(path));
        }
    }
}

// stdout without log lines (whose order depends on the processes' timing), the output folder's name made one.
inline std::string screen_text(const std::string& out, const std::string& output_dir) {
    std::string text;
    std::istringstream lines(out);
    for (std::string line; std::getline(lines, line);) {
        if (std::regex_search(line, std::regex(R"(^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(\d+\) \[)"))) continue;
        text += without_timestamp(std::regex_replace(line, std::regex(output_dir), "OUT")) + "\n";
    }
    return text;
}

// A dump root of kRanks ranks and two steps: step0 statistics, step1 real data (.pt tensors).
inline const fs::path& two_step_dump() {
    static const fs::path root = [] {
        const fs::path dir = msprobe::testing::scratch_dir("mpi_two_step_dump");
        const std::vector<std::pair<msprobe::testing::DumpTask, std::uint64_t>> steps{
            {msprobe::testing::DumpTask::Statistics, 1}, {msprobe::testing::DumpTask::Tensor, 2}};
        for (std::size_t step = 0; step < steps.size(); ++step) {
            const fs::path generated = dir / fmt::format("generated{}", step);
            msprobe::testing::DumpPairOptions options;
            options.out = generated;
            options.apis = 120;
            options.ranks = kRanks;
            options.task = steps[step].first;
            options.seed = steps[step].second;
            msprobe::testing::generate_dump_pair(options);
            for (const char* side : {"npu", "bench"}) {
                fs::create_directories(dir / side);
                fs::rename(generated / side / "step0", dir / side / fmt::format("step{}", step));
            }
            fs::remove_all(generated);
            msprobe::testing::write_file(
                dir / fmt::format("compare_step{}.json", step),
                fmt::format(R"({{"npu_path": "npu/step{0}", "bench_path": "bench/step{0}"}})", step));
        }
        return dir;
    }();
    return root;
}

// A scratch folder holding a copy of the two-step dump, for one test (which may spoil it).
inline fs::path copied_dump(const std::string& name) {
    const fs::path dir = msprobe::testing::scratch_dir(name);
    fs::copy(two_step_dump(), dir, fs::copy_options::recursive);
    return dir;
}

}  // namespace msprobe::testing::mpi
