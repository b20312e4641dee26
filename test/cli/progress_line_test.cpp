// The progress line of the long jobs, seen as a user sees it: the binary runs
// with stderr on a pseudo-terminal, and what it drew there is read back. Each
// job's last line counts every item of its total with a rate; --quiet draws
// nothing; with stderr on a file nothing is drawn either (docs/compatibility.md
// rows 296 and 297: msprobe's tqdm bars go to a log too, in tqdm's text).
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <map>
#include <regex>
#include <string>
#include <vector>
#include <catch2/catch.hpp>

#include "msprobe_process.hpp"
#include "support/atb_dump_writer.hpp"
#include "support/bin_dump_writer.hpp"
#include "support/dump_generator.hpp"
#include "support/element_bytes.hpp"
#include "support/offline_model_dump.hpp"
#include "support/shared_fixtures.hpp"
#include "support/torchair_dump_writer.hpp"

namespace fs = std::filesystem;
using msprobe::testing::run_msprobe;
using msprobe::testing::write_text;
using Args = std::vector<std::string>;

namespace {

// Runs the binary in `cwd` with stderr on a new pseudo-terminal (stdin and
// stdout on /dev/null); what it drew there, once it has ended, and its exit code.
struct TerminalRun {
    int exit_code = -1;
    std::string drawn;
};

TerminalRun run_on_terminal(const Args& args, const fs::path& cwd) {
    const int master = ::posix_openpt(O_RDWR | O_NOCTTY);
    REQUIRE(master >= 0);
    REQUIRE(::grantpt(master) == 0);
    REQUIRE(::unlockpt(master) == 0);
    const std::string terminal = ::ptsname(master);
    const std::string binary = msprobe::testing::tested_binary();
    std::vector<std::string> argv_text{binary};
    argv_text.insert(argv_text.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : argv_text) argv.push_back(a.data());
    argv.push_back(nullptr);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::close(master);
        ::setsid();
        const int tty = ::open(terminal.c_str(), O_RDWR);
        const int null = ::open("/dev/null", O_RDWR);
        if (tty < 0 || null < 0 || ::chdir(cwd.c_str()) != 0) ::_exit(126);
        ::dup2(null, STDIN_FILENO);
        ::dup2(null, STDOUT_FILENO);
        ::dup2(tty, STDERR_FILENO);
        ::execv(binary.c_str(), argv.data());
        ::_exit(127);
    }
    TerminalRun run;
    char buffer[4096];
    for (;;) {  // until the terminal's last holder (the child) has gone: EIO
        const auto n = ::read(master, buffer, sizeof buffer);
        if (n > 0) {
            run.drawn.append(buffer, static_cast<std::size_t>(n));
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else {
            break;
        }
    }
    ::close(master);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return run;
}

// A finished line: "\r<label> [<bar>] done/total  <rate> <unit>/s  in <time>".
struct FinishedLine {
    long long done = 0;
    long long total = 0;
    std::string unit;
};

std::map<std::string, FinishedLine> finished_lines(const std::string& drawn) {
    static const std::regex kLine(R"(\r([A-Za-z][A-Za-z ]*) \[[#.]{30}\] (\d+)/(\d+)  [0-9]+\.[0-9] (\w+)/s  in \d)");
    std::map<std::string, FinishedLine> lines;
    for (std::sregex_iterator it(drawn.begin(), drawn.end(), kLine), end; it != end; ++it) {
        lines[(*it)[1]] = {std::stoll((*it)[2]), std::stoll((*it)[3]), (*it)[4]};
    }
    return lines;
}

bool has_progress_text(const std::string& text) {
    static const std::regex kBar(R"(\[[#.]{30}\] \d+/\d+)");
    return std::regex_search(text, kBar) || text.find("/s  ETA") != std::string::npos;
}

// Every job of the table runs on a terminal (a line with `label` counts `total` `unit`), with --quiet (nothing
// drawn), and with stderr on a file (nothing drawn).
struct Job {
    std::string name;
    Args args;
    std::string label;
    long long total;  // 0: any positive count
    std::string unit;
};

void check_job(const Job& job, const fs::path& dir) {
    INFO(job.name);
    {
        const auto run = run_on_terminal(job.args, dir);
        INFO(run.drawn);
        REQUIRE(run.exit_code == 0);
        const auto lines = finished_lines(run.drawn);
        const auto line = lines.find(job.label);
        REQUIRE(line != lines.end());
        CHECK(line->second.done == line->second.total);
        if (job.total > 0) {
            CHECK(line->second.total == job.total);
        } else {
            CHECK(line->second.total > 0);
        }
        CHECK(line->second.unit == job.unit);
    }
    {
        Args quiet = job.args;
        quiet.push_back("--quiet");
        const auto run = run_on_terminal(quiet, dir);
        INFO(run.drawn);
        REQUIRE(run.exit_code == 0);
        CHECK_FALSE(has_progress_text(run.drawn));
    }
    {
        const auto run = run_msprobe(job.args, dir);
        INFO(run.err);
        REQUIRE(run.exit_code == 0);
        CHECK_FALSE(has_progress_text(run.err));
        CHECK(run.err.find('\r') == std::string::npos);
    }
}

// False, with a visible warning, where the binary cannot be started on a terminal of this process.
bool terminal_runs() {
#ifdef MSPROBE_BINARY_EMULATOR
    WARN("skipped: the binary runs under an emulator (" MSPROBE_BINARY_EMULATOR "), not on a terminal of ours");
    return false;
#else
    return true;
#endif
}

// The options of a generated dump pair written into <dir>/dumps.
msprobe::testing::DumpPairOptions pair_in(const fs::path& dir) {
    msprobe::testing::DumpPairOptions pair;
    pair.out = dir / "dumps";
    return pair;
}

}  // namespace

TEST_CASE("the long jobs draw a progress line on a terminal only, and not with --quiet", "[cli][progress]") {
    if (!terminal_runs()) return;
    const fs::path dir = msprobe::testing::scratch_dir("cli_progress_line");
    auto pair = pair_in(dir);
    pair.ranks = 2;
    pair.apis = 300;
    pair.level = msprobe::testing::DumpLevel::Mix;  // graph builds need the module records
    msprobe::testing::generate_dump_pair(pair);
    const std::string npu_rank = (pair.out / "npu/step0/rank0/dump.json").string();
    const std::string bench_rank = (pair.out / "bench/step0/rank0/dump.json").string();
    write_text(dir / "pair.json", "{\"npu_path\": \"" + npu_rank + "\", \"bench_path\": \"" + bench_rank + "\"}");
    write_text(dir / "graph.json", "{\"npu_path\": \"" + (pair.out / "npu/step0/rank0").string() +
                                       "\", \"bench_path\": \"" + (pair.out / "bench/step0/rank0").string() + "\"}");
    write_text(dir / "graph_build.json", "{\"npu_path\": \"" + (pair.out / "npu/step0/rank0").string() + "\"}");
    const std::string step_json = (pair.out / "compare_dir_step0.json").string();
    // merge_result's input: the compare results of both ranks.
    REQUIRE(run_msprobe({"-f", "pytorch", "compare", "-i", step_json, "-o", "results"}, dir).exit_code == 0);
    write_text(dir / "merge.yaml", "api:\n- Functional\n");
    // parse -d's input: three kernel dumps.
    for (int k = 0; k < 3; ++k) {
        msprobe::testing::BinDumpSpec spec;
        spec.op_name = "net/add";
        spec.dump_time = 1700000000003000 + k;
        spec.outputs.push_back(msprobe::testing::tensor_spec(
            1, {2, 2}, msprobe::testing::bytes_of(std::vector<float>{1, 2, 3, static_cast<float>(k)})));
        fs::create_directories(dir / "kernel");
        msprobe::testing::write_bytes(dir / "kernel" / ("Add.net_add.5." + std::to_string(k) + ".1700000000003000"),
                                      msprobe::testing::encode_bin_dump(spec));
    }
    const std::string npu_step = (pair.out / "npu/step0").string();
    const std::string bench_step = (pair.out / "bench/step0").string();
    const std::vector<Job> jobs = {
        {"compare, one pair (-i)",
         {"-f", "pytorch", "compare", "-i", "pair.json", "-o", "o1"},
         "Comparing rows",
         0,
         "rows"},
        // Both dump.json files on one line, each counted in MiB rounded up (a small file counts one).
        {"compare, one pair (-i), its dumps read",
         {"-f", "pytorch", "compare", "-i", "pair.json", "-o", "o12"},
         "Reading dumps",
         2,
         "MiB"},
        {"compare, one pair (-tp/-gp), its dumps read",
         {"compare", "-tp", npu_rank, "-gp", bench_rank, "-o", "o13"},
         "Reading dumps",
         2,
         "MiB"},
        {"compare, step directories (-i)",
         {"-f", "pytorch", "compare", "-i", step_json, "-o", "o2"},
         "Comparing ranks",
         2,
         "ranks"},
        {"compare, one pair (-tp/-gp)",
         {"compare", "-tp", npu_rank, "-gp", bench_rank, "-o", "o3"},
         "Writing rows",
         0,
         "rows"},
        {"compare, step folders (-tp/-gp)",
         {"compare", "-tp", npu_step, "-gp", bench_step, "-o", "o4"},
         "Comparing ranks",
         2,
         "ranks"},
        {"compare -da, step folders (-tp/-gp)",
         {"compare", "-tp", npu_step, "-gp", bench_step, "-da", "-o", "o14"},
         "Comparing ranks",
         2,
         "ranks"},
        {"compare, one pair (-i), a json result",
         {"-f", "pytorch", "compare", "-i", "pair.json", "-o", "o15", "--format", "json"},
         "Reading dumps",
         2,
         "MiB"},
        {"graph, one rank", {"-f", "pytorch", "graph", "-i", "graph.json", "-o", "o5"}, "Comparing nodes", 0, "nodes"},
        {"graph, one rank, its dumps read",
         {"-f", "pytorch", "graph", "-i", "graph.json", "-o", "o10"},
         "Reading dumps",
         2,
         "MiB"},
        {"graph build, one rank, its dump read",
         {"-f", "pytorch", "graph", "-i", "graph_build.json", "-o", "o11"},
         "Reading dumps",
         1,
         "MiB"},
        {"graph_visualize, two ranks",
         {"graph_visualize", "-tp", npu_step, "-gp", bench_step, "-o", "o6"},
         "Building graphs",
         2,
         "ranks"},
        {"merge_result",
         {"merge_result", "-i", "results", "-o", "o7", "-config", "merge.yaml"},
         "Reading rank results",
         2,
         "files"},
        {"overflow_check, the scan", {"-f", "pytorch", "overflow_check", "-i", npu_step}, "Scanning dumps", 2, "dumps"},
        {"overflow_check, the analysis", {"overflow_check", "-i", npu_step, "-o", "o8"}, "Reading ranks", 2, "ranks"},
        {"parse -d", {"parse", "-d", "kernel", "-o", "o9"}, "Converting dumps", 3, "files"},
    };
    for (const auto& job : jobs) check_job(job, dir);
    fs::remove_all(dir);
}

TEST_CASE("quiet is read only as spelt in full: August compare's --qu stays --quant_fusion_rule_file",
          "[cli][progress][argparse]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_progress_quiet_prefix");
    const auto r = run_msprobe({"compare", "-tp", "a", "-gp", "b", "--qu", "rule.json"}, dir);
    CHECK(r.exit_code == 1);  // msprobe's refusal of another mode's option, as it ends such a run
    CHECK(r.err == "msprobe compare: error: Invalid argument '--qu' for mode 'auto'\n");
    fs::remove_all(dir);
}

TEST_CASE("one tensor dump: overflow_check counts its tensor files, compare its tensors", "[cli][progress]") {
    if (!terminal_runs()) return;
    const fs::path dir = msprobe::testing::scratch_dir("cli_progress_line_tensors");
    auto pair = pair_in(dir);
    pair.apis = 60;
    pair.task = msprobe::testing::DumpTask::Tensor;
    msprobe::testing::generate_dump_pair(pair);
    const fs::path rank = pair.out / "npu/step0/rank";
    long long files = 0;
    for (const auto& entry : fs::directory_iterator(rank / "dump_tensor_data")) files += entry.is_regular_file();
    REQUIRE(files > 0);
    const std::vector<Job> jobs = {
        {"overflow_check, one tensor dump",
         {"-f", "pytorch", "overflow_check", "-i", (rank / "dump.json").string()},
         "Reading tensor files",
         files,
         "files"},
        {"compare, real data",
         {"-f", "pytorch", "compare", "-i", (pair.out / "compare.json").string(), "-o", "o1"},
         "Comparing tensors",
         0,
         "tensors"},
    };
    for (const auto& job : jobs) check_job(job, dir);
    fs::remove_all(dir);
}

TEST_CASE("a pair too large to hold is read with the same line as one held", "[cli][progress]") {
    if (!terminal_runs()) return;
    const fs::path dir = msprobe::testing::scratch_dir("cli_progress_line_streamed");
    auto pair = pair_in(dir);
    pair.apis = 200;
    msprobe::testing::generate_dump_pair(pair);
    // Any pair is read back chunk by chunk above a held size of one byte.
    ::setenv("MSPROBE_HELD_PAIR_BYTES", "1", 1);
    const Job job{"compare, one pair read back in chunks",
                  {"-f", "pytorch", "compare", "-i", (pair.out / "compare.json").string(), "-o", "o1"},
                  "Reading dumps",
                  2,
                  "MiB"};
    check_job(job, dir);
    ::unsetenv("MSPROBE_HELD_PAIR_BYTES");
    fs::remove_all(dir);
}

TEST_CASE("the kernel-level compares count their ops or tensors", "[cli][progress]") {
    if (!terminal_runs()) return;
    const fs::path dir = msprobe::testing::scratch_dir("cli_progress_kernel");
    // offline_data: a converted model's dumps through its fusion rule.
    const auto model = msprobe::testing::write_offline_model(dir / "model", {});
    // atb: one round of one tensor a side.
    const auto atb_row = [](std::vector<float> values) {
        msprobe::testing::AtbTensorRow row;
        row.shape = std::to_string(values.size());
        row.tensor = msprobe::testing::AtbTensorData{msprobe::testing::kAtbFloat32,
                                                     {static_cast<std::int64_t>(values.size())},
                                                     msprobe::testing::bytes_of(values)};
        return row;
    };
    msprobe::testing::write_atb_round(dir / "target", {"0_276107", 0, {atb_row({1, 2, 3, 4.5F})}});
    msprobe::testing::write_atb_round(dir / "golden", {"0_39943", 0, {atb_row({1, 2, 3, 4})}});
    // torchair: a GE graph of one Add against its FX eager dump.
    const fs::path ge = dir / "msprobe_ge_dump";
    const fs::path fx = dir / "data_dump";
    msprobe::testing::write_ge_graph(ge, 1, 0,
                                     {{"Add_1", "Add", {"arg0_1:0", "arg1_1:0"}, {{"add-aten.add.Tensor.OUTPUT.0"}}}});
    msprobe::testing::write_ge_dump(msprobe::testing::ge_token_dir(ge, 0, 1, 0), "Add", "Add_1", 1700000000000001,
                                    {msprobe::testing::ge_float_tensor({2}), msprobe::testing::ge_float_tensor({4})},
                                    {msprobe::testing::ge_float_tensor({6})});
    msprobe::testing::write_fx_tensor(fx / "1" / "gm_1_dump", "add-aten.add.Tensor", true, 0, {2});
    msprobe::testing::write_fx_tensor(fx / "1" / "gm_1_dump", "add-aten.add.Tensor", true, 1, {4});
    msprobe::testing::write_fx_tensor(fx / "1" / "gm_1_dump", "add-aten.add.Tensor", false, 0, {5});
    const std::vector<Job> jobs = {
        {"compare -m offline_data",
         {"compare", "-m", "offline_data", "-tp", model.npu.string(), "-gp", model.golden.string(), "-fr",
          model.fusion_rule.string(), "-o", "k1"},
         "Comparing ops",
         0,
         "ops"},
        {"compare -m atb",
         {"compare", "-m", "atb", "-tp", "target/atb_dump_data/data/0_276107/0", "-gp",
          "golden/atb_dump_data/data/0_39943/0", "-o", "k2"},
         "Comparing tensors",
         1,
         "rows"},
        {"compare -m torchair",
         {"compare", "-m", "torchair", "-tp", ge.string(), "-gp", fx.string(), "-o", "k3"},
         "Comparing ops",
         1,
         "ops"},
    };
    for (const auto& job : jobs) check_job(job, dir);
    fs::remove_all(dir);
}
