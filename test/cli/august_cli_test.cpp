// August's command line through the built binary: msprobe's own runs of
// ../shared/fixtures/expected_august (exit codes, messages, every result file
// cell for cell) and generated dumps for what those runs do not reach.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "msprobe_process.hpp"
#include "report/csv_reader.hpp"
#include "report/xlsx_reader.hpp"
#include "support/august_outputs.hpp"
#include "support/dump_generator.hpp"
#include "support/file_text.hpp"
#include "support/json_match.hpp"
#include "support/kernel_bin_dump_pair.hpp"
#include "support/msprobe_divergences.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_dump.hpp"
#include "support/workbook_match.hpp"

namespace fs = std::filesystem;
using namespace msprobe::testing;

namespace {

// msprobe's synthetic layouts of one case (expected_august/README.md): the rank
// folder of each side as proc12345, or as rank0 below graph/step0 and pynative/step0.
fs::path proc_layout(const fs::path& case_dir) {
    const fs::path dir = scratch_dir("august_proc_layout");
    for (const char* side : {"npu", "bench"}) {
        fs::create_directories(dir / side / "step0");
        fs::create_directory_symlink(case_dir / side / "step0" / "rank", dir / side / "step0" / "proc12345");
    }
    return dir;
}

fs::path mix_layout(const fs::path& case_dir) {
    const fs::path dir = scratch_dir("august_mix_layout");
    for (const char* side : {"npu", "bench"}) {
        for (const char* half : {"graph", "pynative"}) {
            fs::create_directories(dir / side / half / "step0");
            fs::create_directory_symlink(case_dir / side / "step0" / "rank", dir / side / half / "step0" / "rank0");
        }
    }
    return dir;
}

// The recorded command with its output folder replaced by `out`.
std::vector<std::string> with_output(std::vector<std::string> args, const std::string& out) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "-o" && i + 1 < args.size()) args[i + 1] = out;
        if (args[i].rfind("--output_path=", 0) == 0) args[i] = "--output_path=" + out;
    }
    return args;
}

// The reason msprobe gave for a failed run: argparse's "error: …" or the tool's "[ERROR] …" line.
std::string recorded_error(const fs::path& run_dir) {
    std::istringstream log(read_file_text(run_dir / "msprobe.log"));
    std::string reason;
    for (std::string line; std::getline(log, line);) {
        if (line.find("CANN environment") != std::string::npos) continue;
        if (const auto at = line.find("[ERROR] "); at != std::string::npos) reason = line.substr(at + 8);
        if (const auto at = line.find(": error: "); at != std::string::npos) reason = line.substr(at + 9);
    }
    return reason;
}

// Every result file msprobe wrote in `expected` against ours in `ours` (support/august_outputs.hpp).
void check_same_results(const fs::path& expected, const fs::path& ours, bool may_write_nothing = false) {
    INFO(expected.string());
    CHECK(result_folder_differences(expected, ours, may_write_nothing) == std::vector<std::string>{});
}

// The runs whose command lines are April's and that we therefore run as April on purpose
// (docs/compatibility.md): msprobe of August refuses them.
const std::set<std::string> kAprilLines = {"cli.old_framework_flag.error", "cli.nan_analyze_renamed.error",
                                           "cli.run_ut_renamed.error"};

// The step-folder runs compared file for file.
bool is_step_run(const std::string& name) {
    static const std::regex kRun(
        R"(^(compare_dir_[a-z0-9]+\.(default|xlsx|diff_analyze)|compare_dir_step0\.(api_mapping|step_option)|compare_mix\.default)$)");
    return std::regex_match(name, kRun);
}

// A -tensor_log line with its EucDist rounded to 12 digits (its last bits follow the summation order,
// compatibility row 15) and msprobe's repeated 0-d message said once (row 149).
std::string comparable_log_line(std::string line) {
    static const std::regex kEucDist("euc_dist ([-0-9.e+]+),");
    std::smatch m;
    if (std::regex_search(line, m, kEucDist)) {
        char rounded[64];
        std::snprintf(rounded, sizeof rounded, "euc_dist %.12g,", std::stod(m[1].str()));
        line = m.prefix().str() + rounded + m.suffix().str();
    }
    const std::string zero_dim = "This is type of 0-d tensor, can not calculate 'Cosine', 'EucDist', 'One "
                                 "Thousandth Err Ratio' and 'Five Thousandths Err Ratio'. ";
    while (line.ends_with(zero_dim + zero_dim)) line.resize(line.size() - zero_dim.size());
    return line;
}

// The log lines of -tensor_log: "start compare: …" and "[…] Compare result: …", without their prefix.
std::vector<std::string> tensor_log_lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        const auto at = line.find("[INFO] ");
        if (at == std::string::npos) continue;
        const std::string message = line.substr(at + 7);
        if (message.rfind("start compare: ", 0) == 0 || message.find("] Compare result: ") != std::string::npos) {
            out.push_back(comparable_log_line(message));
        }
    }
    return out;
}

}  // namespace

TEST_CASE("august: msprobe's command-line runs of cnn_tensor_L1_perturbed", "[fixtures][cli]") {
    const auto fixtures = shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path case_dir = *fixtures / "dumps" / "cnn_tensor_L1_perturbed";
    const fs::path expected = *fixtures / "expected_august" / "cnn_tensor_L1_perturbed";
    std::size_t runs = 0;
    for (const auto& entry : fs::directory_iterator(expected)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("cli.", 0) != 0) continue;
        ++runs;
        const RecordedRun recorded = read_recorded_run(entry.path());
        const fs::path cwd = linked_case(case_dir, "august_cli_run");
        const auto r = run_msprobe(with_output(recorded.args, "out"), cwd);
        INFO(name << "\nstdout: " << r.out << "\nstderr: " << r.err);
        if (kAprilLines.count(name) != 0) {
#ifndef MSPROBE_WITH_TORCH
            if (name == "cli.run_ut_renamed.error") continue;  // run_ut needs msprobe-torch
#endif
            CHECK(r.exit_code == 0);  // an April line: it runs
            continue;
        }
        if (name == "cli.equals_form.error") {
            // argparse reads --output_path=DIR; msprobe's own check then refuses it, we do under --strict_compat.
            CHECK(r.exit_code == 0);
            CHECK(fs::is_directory(cwd / "out"));
            auto strict = with_output(recorded.args, "strict_out");
            strict.emplace_back("--strict_compat");
            const auto refused = run_msprobe(strict, cwd);
            CHECK(refused.exit_code == 1);
            CHECK(refused.err.find("Invalid argument '--output_path=strict_out' for mode 'auto'") != std::string::npos);
            CHECK_FALSE(fs::exists(cwd / "strict_out"));
            continue;
        }
#ifndef MSPROBE_WITH_TORCH
        if (name == "cli.acc_check_long_form_only") continue;
#endif
        CHECK(r.exit_code == recorded.exit_code);
        if (recorded.exit_code != 0) {
            CHECK(r.err.find(recorded_error(entry.path())) != std::string::npos);
            CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
            CHECK_FALSE(fs::exists(cwd / "out"));
        } else if (name == "cli.acc_check_long_form_only") {
            // we accept the long form too, and re-run the APIs
            CHECK_FALSE(output_named(cwd / "out", "accuracy_checking_result_").empty());
        } else if (name == "cli.acc_check_no_api_info") {
            CHECK(r.out.find("-api_info") != std::string::npos);
            CHECK(r.err.find("nothing to do") != std::string::npos);
        } else {
            CHECK(r.out.find("--help") != std::string::npos);  // a help screen
        }
    }
    CHECK(runs == 19);
}

TEST_CASE("august: -tensor_log writes msprobe's per-row lines", "[fixtures][cli]") {
    const auto fixtures = shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path run = *fixtures / "expected_august" / "cnn_tensor_L1_perturbed" / "compare.tensor_log";
    const fs::path cwd = linked_case(*fixtures / "dumps" / "cnn_tensor_L1_perturbed", "august_tensor_log");
    const auto r = run_msprobe(with_output(read_recorded_run(run).args, "out"), cwd);
    REQUIRE(r.exit_code == 0);
    const auto theirs = tensor_log_lines(read_file_text(run / "msprobe.log"));
    REQUIRE(theirs.size() == 2 * 107);
    CHECK(tensor_log_lines(r.out + r.err) == theirs);
    auto without = with_output(read_recorded_run(run).args, "plain");
    without.erase(std::remove(without.begin(), without.end(), "-tensor_log"), without.end());
    const auto plain = run_msprobe(without, cwd);
    REQUIRE(plain.exit_code == 0);
    CHECK(tensor_log_lines(plain.out + plain.err).empty());  // off by default in August
}

TEST_CASE("august: every step-folder compare of msprobe, file for file", "[fixtures][cli]") {
    const auto fixtures = shared_fixtures_or_skip();
    if (!fixtures) return;
    std::size_t runs = 0;
    for (const auto& c : fs::directory_iterator(*fixtures / "expected_august")) {
        const fs::path case_dir = *fixtures / "dumps" / c.path().filename();
        if (!c.is_directory() || !fs::is_directory(case_dir)) continue;
        for (const auto& run : fs::directory_iterator(c.path())) {
            const std::string name = run.path().filename().string();
            if (!is_step_run(name)) continue;
            ++runs;
            const fs::path cwd = name.rfind("compare_dir_proc", 0) == 0 ? proc_layout(case_dir)
                                 : name.rfind("compare_mix", 0) == 0    ? mix_layout(case_dir)
                                                                        : linked_case(case_dir, "august_step_run");
            auto args = with_output(read_recorded_run(run.path()).args, "out");
            args.emplace_back("--strict_compat");  // msprobe's outputs, defects included
            const auto r = run_msprobe(args, cwd);
            INFO(c.path().filename().string() << "/" << name << "\n" << r.err);
            REQUIRE(r.exit_code == 0);
            // msprobe's -da finds no rank folder in a proc layout and writes nothing.
            check_same_results(run.path(), cwd / "out", name == "compare_dir_proc.diff_analyze");
        }
    }
    CHECK(runs >= 30);
}

TEST_CASE("august: the paths msprobe refuses", "[fixtures][cli]") {
    const auto fixtures = shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path case_dir = *fixtures / "dumps" / "mlp_statistics_L1_two_steps";
    const fs::path expected = *fixtures / "expected_august" / "mlp_statistics_L1_two_steps";
    const fs::path cwd = linked_case(case_dir, "august_refused_paths");
    const auto run = [&](const std::string& variant, const std::string& out) {
        auto args = with_output(read_recorded_run(expected / variant).args, out);
        args.emplace_back("--strict_compat");
        return run_msprobe(args, cwd);
    };

    const auto file_vs_dir = run("compare_file_vs_dir.error", "out_mixed");
    CHECK(file_vs_dir.exit_code == 1);
    CHECK(file_vs_dir.err.find("The target_path and golden_path need to be of the same type.") != std::string::npos);
    CHECK_FALSE(fs::exists(cwd / "out_mixed"));

    // Beyond msprobe: a dump root compares every step, each into its own folder ...
    REQUIRE(run("compare_root.error", "out_root").exit_code == 0);
    check_same_results(expected / "compare_dir_step0.default", cwd / "out_root" / "step0");
    check_same_results(expected / "compare_dir_step1.default", cwd / "out_root" / "step1");
    // ... and a rank folder is its dump.json pair.
    REQUIRE(run("compare_rankdir.error", "out_rank").exit_code == 0);
    check_same_results(expected / "compare.default", cwd / "out_rank");
    // --rank reads kernel dumps without MindSpore: a PyTorch step folder holds none, so nothing is written.
    CHECK(run("compare_dir_step0.rank_option.error", "out_kernel").exit_code == 0);
    CHECK_FALSE(fs::exists(cwd / "out_kernel"));
}

namespace {

// Two step folders of a generated run, with `ranks` ranks (rank0, rank1, ... or rank).
fs::path generated_steps(const std::string& name, int ranks, const NpuDifferences& differences) {
    const fs::path dir = scratch_dir(name);
    DumpPairOptions options;
    options.out = dir;
    options.apis = 30;
    options.ranks = ranks;
    options.differences = differences;
    generate_dump_pair(options);
    return dir;
}

const std::vector<std::string> kFiles = {"compare", "-tp", "npu/step0/rank/dump.json", "-gp",
                                         "bench/step0/rank/dump.json"};

std::vector<std::string> plus(std::vector<std::string> args, const std::vector<std::string>& more) {
    args.insert(args.end(), more.begin(), more.end());
    return args;
}

}  // namespace

TEST_CASE("august: spellings, the option check and exit codes", "[cli]") {
    const fs::path dir = generated_steps("august_spellings", 1, NpuDifferences::none());
    struct Case {
        std::vector<std::string> more;
        int exit_code;
        std::string message;  // on stderr when the run fails
    };
    const std::vector<Case> cases = {
        {{"--output_pa", "prefix"}, 0, ""},                 // argparse's unique prefix
        {{"--out", "x"}, 2, "ambiguous option: --out could match --output_path, --output_size"},
        {{"-o=equals"}, 0, ""},                             // argparse's attached value
        {{"-o", "x", "--xls", "--strict_compat"}, 1, "Invalid argument '--xls' for mode 'auto'"},
        {{"-o", "x", "-fr", "rules.json"}, 1, "Invalid argument '-fr' for mode 'auto'"},
        {{"-o", "x", "--input_shape", "1"}, 1, "Invalid argument '--input_shape' for mode 'auto'"},
        {{"-o", "x", "-c"}, 2, "ambiguous option: -c could match -cm, -cfr"},
        {{"-o", "x", "-hl"}, 2, "argument -h/--help: ignored explicit argument 'l'"},
        {{"-o", "x", "-s"}, 2, "unrecognized arguments: -s"},
        {{"-o", "x", "-m", "offline_model"}, 1, "mode 'offline_model' runs the model on an NPU"},
        {{"-o", "x", "-m", "atb", "-fr", "rules.json"}, 1, "Invalid argument '-fr' for mode 'atb'"},
        {{"-o", "x", "-m", "torchair", "--xlsx"}, 1, "Invalid argument '--xlsx' for mode 'torchair'"},
        {{"-o", "x", "-m", "nosuch"}, 1, "Invalid mode 'nosuch'"},
        {{"-o", "x", "--consistent_check"}, 1, "the 'backend' parameter must be set to 'fsdp' or 'megatron'"},
        {{"-o", "x", "--consistent_check", "--backend", "fsdp"}, 1, "reads tensor dumps"},
        {{"-o", "x", "--backend", "other"}, 2, "--backend"},
        {{"-o", "x", "-am"}, 1, "Argument -am is not supported in PyTorch framework"},
        {{"-o", "x", "-j", "0"}, 2, "at least 1"},
    };
    for (const auto& c : cases) {
        const auto r = run_msprobe(plus(kFiles, c.more), dir);
        INFO(c.more.back() << "\n" << r.err);
        CHECK(r.exit_code == c.exit_code);
        if (c.exit_code == 0) continue;
        CHECK(r.err.find(c.message) != std::string::npos);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK_FALSE(fs::exists(dir / "x"));
    }
    CHECK_FALSE(output_named(dir / "prefix", "compare_result_").empty());
    CHECK_FALSE(output_named(dir / "equals", "compare_result_").empty());

    // -am is refused for a PyTorch target only: a MindSpore target is not told it is PyTorch.
    const std::string mindspore = R"({"task": "statistics", "level": "L1", "framework": "mindspore", "data": {}})";
    write_file(dir / "ms_npu" / "dump.json", mindspore);
    write_file(dir / "ms_bench" / "dump.json", mindspore);
    const auto ms_am = run_msprobe({"compare", "-tp", "ms_npu/dump.json", "-gp", "ms_bench/dump.json", "-am", "-o",
                                    "ms_out"},
                                   dir);
    CHECK(ms_am.exit_code == 0);
    CHECK(ms_am.err.find("PyTorch framework") == std::string::npos);
    CHECK(ms_am.out.find("No valid data found. No compare result file generated.") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "ms_out" / "compare_result.csv"));

    const auto missing = run_msprobe({"compare", "-tp", "nowhere/dump.json", "-gp", "bench/step0/rank/dump.json"}, dir);
    CHECK(missing.exit_code == 1);
    CHECK(missing.err.find("nowhere/dump.json: path does not exist, please check!") != std::string::npos);
    const auto not_provided = run_msprobe({"install_deps", "-i", "npu"}, dir);
    CHECK(not_provided.exit_code == 2);
    CHECK(not_provided.err.starts_with("msprobe install_deps: error: msprobe-cpp does not provide install_deps: it "
                                       "installs the Python packages of offline_dump"));
    // April's lines keep April's codes: a missing compare.json is bad input, exit 2.
    CHECK(run_msprobe({"-f", "pytorch", "compare", "-i", "nowhere.json"}, dir).exit_code == 2);
    const auto help = run_msprobe({}, dir);
    CHECK(help.exit_code == 0);
    CHECK(help.out.find("msprobe compare --help lists August's compare flags") != std::string::npos);
}

TEST_CASE("august: --fail-on gates on the Result column after writing", "[cli]") {
    const fs::path differing = generated_steps("august_fail_on", 1, NpuDifferences{});  // bfloat16 outputs: error rows
    auto r = run_msprobe(plus(kFiles, {"-o", "out", "--fail-on", "error"}), differing);
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("--fail-on error") != std::string::npos);
    CHECK_FALSE(output_named(differing / "out", "compare_result_").empty());
    CHECK(run_msprobe(plus(kFiles, {"-o", "plain"}), differing).exit_code == 0);

    const fs::path same = generated_steps("august_fail_on_same", 1, NpuDifferences::none());
    CHECK(run_msprobe(plus(kFiles, {"-o", "out", "--fail-on", "warning"}), same).exit_code == 0);
}

TEST_CASE("august: rank folders pair by position, whatever their numbers", "[cli]") {
    const fs::path dir = generated_steps("august_rank_pairs", 2, NpuDifferences::none());
    fs::rename(dir / "bench/step0/rank1", dir / "bench/step0/rank7");
    fs::rename(dir / "bench/step0/rank0", dir / "bench/step0/rank4");
    fs::create_directories(dir / "bench/step0/rank01");  // not a rank folder: passed over
    auto r = run_msprobe({"compare", "-tp", "npu/step0", "-gp", "bench/step0", "-o", "out", "-j", "1"}, dir);
    REQUIRE(r.exit_code == 0);
    const fs::path rank0 = output_named(dir / "out", "compare_result_rank0_");
    const fs::path rank1 = output_named(dir / "out", "compare_result_rank1_");
    REQUIRE_FALSE(rank0.empty());
    REQUIRE_FALSE(rank1.empty());
    // Ranks in parallel write the same files as one after the other.
    r = run_msprobe({"compare", "-tp", "npu/step0", "-gp", "bench/step0", "-o", "parallel", "-j", "4"}, dir);
    REQUIRE(r.exit_code == 0);
    CHECK(read_file_text(output_named(dir / "parallel", "compare_result_rank0_")) == read_file_text(rank0));
    CHECK(read_file_text(output_named(dir / "parallel", "compare_result_rank1_")) == read_file_text(rank1));

    fs::remove_all(dir / "bench/step0/rank7");
    r = run_msprobe({"compare", "-tp", "npu/step0", "-gp", "bench/step0", "-o", "uneven"}, dir);
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("The number of ranks in the two runs are different.") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "uneven"));
}

TEST_CASE("august: a step folder without rank folders needs exactly one proc folder a side", "[cli]") {
    const fs::path dir = scratch_dir("august_proc");
    const std::vector<SmallApi> apis = {{"Functional.relu.0.forward", {{1, 2}}, {{1, 2}}}};
    write_small_dump(dir / "npu/proc1", apis);
    write_small_dump(dir / "bench/proc9", apis);
    auto r = run_msprobe({"compare", "-tp", "npu", "-gp", "bench", "-o", "out"}, dir);
    REQUIRE(r.exit_code == 0);
    CHECK_FALSE(output_named(dir / "out", "compare_result_proc1_").empty());

    write_small_dump(dir / "npu/proc2", apis);
    r = run_msprobe({"compare", "-tp", "npu", "-gp", "bench", "-o", "two"}, dir);
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("No or multiple proc directories were found in the npu. Expected exactly one.") !=
          std::string::npos);
    fs::create_directories(dir / "empty_npu");
    fs::create_directories(dir / "empty_bench");
    r = run_msprobe({"compare", "-tp", "empty_npu", "-gp", "empty_bench", "-o", "none"}, dir);
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("No or multiple proc directories were found in the empty_npu.") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "two"));
    CHECK_FALSE(fs::exists(dir / "none"));
}

TEST_CASE("august: nothing to compare ends well and writes nothing", "[cli]") {
    const fs::path dir = scratch_dir("august_nothing");
    // a first rank folder without dump.json or debug.json
    fs::create_directories(dir / "npu/step0/rank0");
    fs::create_directories(dir / "bench/step0/rank0");
    auto r = run_msprobe({"compare", "-tp", "npu/step0", "-gp", "bench/step0", "-o", "out"}, dir);
    CHECK(r.exit_code == 0);
    CHECK_FALSE(fs::exists(dir / "out"));
    // dump files without a single entry
    write_small_dump(dir / "npu_empty", {});
    write_small_dump(dir / "bench_empty", {});
    r = run_msprobe({"compare", "-tp", "npu_empty/dump.json", "-gp", "bench_empty/dump.json", "-o", "out"}, dir);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("No valid data found. No compare result file generated.") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "out"));
    // -da on step folders without rank folders finds nothing to analyse
    write_small_dump(dir / "npu_proc/proc1", {{"Functional.relu.0.forward", {{1}}, {{1}}}});
    write_small_dump(dir / "bench_proc/proc1", {{"Functional.relu.0.forward", {{1}}, {{1}}}});
    r = run_msprobe({"compare", "-tp", "npu_proc", "-gp", "bench_proc", "-o", "out", "-da"}, dir);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("Cannot find any diff node, no need to generate analyze file.") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "out"));
}

TEST_CASE("august: -da analyses step folders and leaves two files to the normal compare", "[cli]") {
    const fs::path dir = generated_steps("august_da", 1, NpuDifferences{});
    auto r = run_msprobe(plus(kFiles, {"-o", "files", "-da"}), dir);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("-da analyses step folders") != std::string::npos);
    CHECK_FALSE(output_named(dir / "files", "compare_result_").empty());
    r = run_msprobe({"compare", "-tp", "npu/step0", "-gp", "bench/step0", "-o", "dirs", "-da"}, dir);
    REQUIRE(r.exit_code == 0);
    CHECK(output_named(dir / "dirs", "compare_result_rank_").extension() == ".json");
    CHECK_FALSE(output_named(dir / "dirs", "diff_analyze_").empty());
    // The screen of `msprobe diff_analyze`: per rank, its first differing API or its agreement.
    CHECK(r.out.find("Analysed 1 rank(s)") != std::string::npos);
    CHECK(r.out.find("Compared 0 rows") == std::string::npos);
}

TEST_CASE("august: --rank compares MindSpore kernel dumps as April's rank_id does", "[cli]") {
    const fs::path dir = scratch_dir("august_kernel");
    KernelBinPairOptions options;
    options.out = dir;
    const KernelBinPair pair = write_kernel_bin_pair(options);
    REQUIRE(run_msprobe({"-f", "mindspore", "compare", "-i", pair.npy_compare_json.string(), "-o", "april"}, dir)
                .exit_code == 0);
    const std::vector<std::string> august = {"compare", "-tp", pair.npy_npu.string(), "-gp", pair.npy_bench.string(),
                                             "--rank", "0", "--step", " 0 "};
    REQUIRE(run_msprobe(plus(august, {"--xlsx", "-o", "xlsx"}), dir).exit_code == 0);
    const fs::path theirs = output_named(dir / "april", "compare_result_0_0_");
    const fs::path ours = output_named(dir / "xlsx", "compare_result_0_0_");
    REQUIRE(ours.extension() == ".xlsx");
    CHECK(workbook_differences(msprobe::report::read_xlsx(ours.string()),
                               msprobe::report::read_xlsx(theirs.string())) == std::vector<std::string>{});

    REQUIRE(run_msprobe(plus(august, {"-o", "csv"}), dir).exit_code == 0);
    const fs::path csv = output_named(dir / "csv", "compare_result_0_0_");
    REQUIRE(csv.extension() == ".csv");
    CHECK(msprobe::report::read_csv_records(csv.string()).size() == pair.tensors + 1);

    // a rank that is not there: nothing to compare, nothing written
    const auto other_rank = run_msprobe({"compare", "-tp", pair.npy_npu.string(), "-gp", pair.npy_bench.string(),
                                         "--rank", "3", "-o", "none"},
                                        dir);
    CHECK(other_rank.exit_code == 0);
    CHECK_FALSE(fs::exists(dir / "none"));
    const auto bad = run_msprobe({"compare", "-tp", pair.npy_npu.string(), "-gp", pair.npy_bench.string(), "--rank",
                                  "0,x", "-o", "bad"},
                                 dir);
    CHECK(bad.exit_code == 1);
    CHECK(bad.err.find("--rank '0,x': 'x' is not an integer") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "bad"));
}

TEST_CASE("august: acc_check reads the framework from the dump", "[cli]") {
    const fs::path dir = scratch_dir("august_acc_check");
    const fs::path dump = write_small_dump(dir / "pt", {{"Functional.relu.0.forward", {{1, -2}}, {{1, 0}}}});
    const std::string text = read_file_text(dump);
    const std::string pytorch = "\"framework\": \"pytorch\"";
    REQUIRE(text.find(pytorch) != std::string::npos);
    const auto with_framework = [&](const std::string& name, const std::string& replacement) {
        std::string changed = text;
        changed.replace(changed.find(pytorch), pytorch.size(), replacement);
        write_text(dir / name / "dump.json", changed);
        return (dir / name / "dump.json").string();
    };
    const std::string mindspore = with_framework("ms", "\"framework\": \"mindspore\"");
    const std::string other = with_framework("other", "\"framework\": \"paddle\"");
    const std::string none = with_framework("none", "\"frame\": \"pytorch\"");
    for (const char* command : {"acc_check", "multi_acc_check"}) {
        INFO(command);
        auto r = run_msprobe({command, "--api_info_file", other, "-o", "out"}, dir);
        CHECK(r.exit_code == 1);
        CHECK(r.err.find("Unsupported framework in api_info: paddle") != std::string::npos);
        // msprobe's refusal of a dump without the key stays under --strict_compat; without it the records decide
        // (docs/compatibility.md row 200).
        r = run_msprobe({command, "-api_info", none, "-o", "out", "--strict_compat"}, dir);
        CHECK(r.exit_code == 1);
        CHECK(r.err.find("Key \"framework\" not found in") != std::string::npos);
        r = run_msprobe({command, "-api_info", "missing.json", "-o", "out"}, dir);
        CHECK(r.exit_code == 1);  // August's code for what the run finds
        CHECK_FALSE(fs::exists(dir / "out"));
#ifdef MSPROBE_WITH_TORCH
        // A MindSpore dump goes to the MindSpore checker (this one names no MindSpore API: nothing to write).
        r = run_msprobe({command, "-api_info", mindspore, "-o", "ms_out"}, dir);
        CHECK(r.exit_code == 0);
        CHECK(r.err.find("outside the MindSpore checker's support list") != std::string::npos);
#endif
    }
}

TEST_CASE("august: a rank that cannot be compared is named, the others are written", "[cli]") {
    const fs::path dir = generated_steps("august_broken_rank", 2, NpuDifferences::none());
    write_text(dir / "npu/step0/rank1/dump.json", "{\"task\": \"statistics\", \"data\": ");
    const auto r = run_msprobe({"compare", "-tp", "npu/step0", "-gp", "bench/step0", "-o", "out"}, dir);
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("Skipping rank1 comparison.") != std::string::npos);
    CHECK(r.err.find("1 rank(s) could not be compared (rank1)") != std::string::npos);
    CHECK_FALSE(output_named(dir / "out", "compare_result_rank0_").empty());
    CHECK(output_named(dir / "out", "compare_result_rank1_").empty());
}
