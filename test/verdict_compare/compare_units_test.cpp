// What `msprobe compare -tp TARGET -gp GOLDEN` compares, read from the two
// paths (cli_august.md §2.4): a file pair, a step folder's rank folders paired
// by position, proc folders, the graph/pynative halves, and beyond msprobe a
// rank folder and a dump root; -da and --rank hand the folders on; and
// msprobe's refusals with its messages.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <string>
#include <vector>

#include "common/error.hpp"
#include "verdict_compare/compare_units.hpp"
#include "support/captured_output.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_dump.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::compare;
using Kind = CompareUnit::Kind;

namespace {

// <dir>/dump.json of one API.
fs::path dump_in(const fs::path& dir) {
    return testing::write_small_dump(dir, {{"Functional.relu.0.forward", {{1, 2}}, {{1, 2}}}});
}

// <dir>/<name> as a dump file of `framework` ("" leaves the field out) and `level`, without entries.
fs::path dump_text_in(const fs::path& dir, const std::string& framework, const std::string& level = "L1",
                      const std::string& name = "dump.json") {
    const std::string framework_field = framework.empty() ? "" : R"("framework": ")" + framework + R"(", )";
    testing::write_file(dir / name, R"({"task": "statistics", "level": ")" + level + R"(", )" + framework_field +
                                        R"("dump_data_dir": null, "data": {}})");
    return dir / name;
}

std::vector<CompareUnit> units(const fs::path& target, const fs::path& golden, CompareUnitOptions options = {}) {
    return compare_units(target, golden, options);
}

// The (file, reason) of the msprobe::Error compare_units throws.
std::pair<std::string, std::string> refusal(const fs::path& target, const fs::path& golden,
                                            CompareUnitOptions options = {}) {
    try {
        compare_units(target, golden, options);
    } catch (const Error& e) {
        return {e.file(), e.reason()};
    }
    return {"", "no error"};
}

void check_pair(const UnitPair& pair, const fs::path& target, const fs::path& golden, const std::string& label,
                bool debug = false) {
    CHECK(pair.target == target);
    CHECK(pair.golden == golden);
    CHECK(pair.rank_label == label);
    CHECK(pair.debug_json == debug);
}

}  // namespace

TEST_CASE("compare units: two dump files are one pair, two debug files one debug pair",
          "[verdict_compare][compare_units]") {
    const fs::path dir = testing::scratch_dir("compare_units_files");
    const fs::path t = dump_in(dir / "npu"), g = dump_in(dir / "bench");
    const auto pair = units(t, g);
    REQUIRE(pair.size() == 1);
    CHECK(pair[0].kind == Kind::Pairs);
    CHECK(pair[0].single_pair);
    CHECK(pair[0].output_subdir.empty());
    REQUIRE(pair[0].pairs.size() == 1);
    check_pair(pair[0].pairs[0], t, g, "");

    const fs::path td = dump_text_in(dir / "npu", "pytorch", "debug", "debug.json");
    const fs::path gd = dump_text_in(dir / "bench", "pytorch", "debug", "debug.json");
    const auto debug = units(td, gd);
    REQUIRE(debug.size() == 1);
    REQUIRE(debug[0].pairs.size() == 1);
    check_pair(debug[0].pairs[0], td, gd, "", true);
    // -da with two files is a normal compare (cli_august.md §2.3).
    CompareUnitOptions da;
    da.diff_analyze = true;
    CHECK(units(t, g, da).at(0).kind == Kind::Pairs);
}

TEST_CASE("compare units: refusals of paths and file names", "[verdict_compare][compare_units]") {
    const fs::path dir = testing::scratch_dir("compare_units_refusals");
    const fs::path t = dump_in(dir / "npu"), g = dump_in(dir / "bench");
    CHECK(refusal(dir / "none", g) == std::pair<std::string, std::string>{(dir / "none").string(),
                                                                          "path does not exist, please check!"});
    CHECK(refusal(t, dir / "gone.json") ==
          std::pair<std::string, std::string>{(dir / "gone.json").string(), "path does not exist, please check!"});
    CHECK(refusal(t, dir / "bench") ==
          std::pair<std::string, std::string>{"", "The target_path and golden_path need to be of the same type."});
    CHECK(refusal(dir / "npu", g).second == "The target_path and golden_path need to be of the same type.");

    testing::write_file(dir / "a" / "compare.json", "{}");
    testing::write_file(dir / "b" / "compare.json", "{}");
    CHECK(refusal(dir / "a" / "compare.json", dir / "b" / "compare.json") ==
          std::pair<std::string, std::string>{"", "npu_path and bench_path must both end with dump.json or debug.json "
                                                  "(got " + (dir / "a" / "compare.json").string() + " and " +
                                                  (dir / "b" / "compare.json").string() + ")"});
    const fs::path gd = dump_text_in(dir / "bench", "pytorch", "debug", "debug.json");
    CHECK(refusal(t, gd).second.starts_with("npu_path and bench_path must both end with dump.json or debug.json"));
}

TEST_CASE("compare units: a step folder's rank folders are paired by position", "[verdict_compare][compare_units]") {
    const fs::path dir = testing::scratch_dir("compare_units_ranks");
    const fs::path npu = dir / "npu" / "step0", bench = dir / "bench" / "step0";
    for (const char* rank : {"rank10", "rank", "rank1"}) dump_in(npu / rank);
    for (const char* rank : {"rank2", "rank0", "rank7"}) dump_in(bench / rank);
    testing::write_file(npu / "notes.txt", "other entries are passed over");
    fs::create_directories(npu / "rank01");  // not a rank folder name
    const auto step = units(npu, bench);
    REQUIRE(step.size() == 1);
    CHECK(step[0].kind == Kind::Pairs);
    CHECK_FALSE(step[0].single_pair);
    CHECK(step[0].output_subdir.empty());
    REQUIRE(step[0].pairs.size() == 3);
    check_pair(step[0].pairs[0], npu / "rank" / "dump.json", bench / "rank0" / "dump.json", "rank");
    check_pair(step[0].pairs[1], npu / "rank1" / "dump.json", bench / "rank2" / "dump.json", "rank1");
    check_pair(step[0].pairs[2], npu / "rank10" / "dump.json", bench / "rank7" / "dump.json", "rank10");

    fs::remove_all(bench / "rank7");
    CHECK(refusal(npu, bench) ==
          std::pair<std::string, std::string>{"", "The number of ranks in the two runs are different. Unable to match "
                                                  "the ranks. target has 3, golden has 2."});
}

TEST_CASE("compare units: a rank pair missing its file is passed over with msprobe's line",
          "[verdict_compare][compare_units]") {
    const fs::path dir = testing::scratch_dir("compare_units_missing_file");
    const fs::path npu = dir / "npu", bench = dir / "bench";
    dump_in(npu / "rank0");
    dump_in(npu / "rank1");
    dump_in(bench / "rank0");
    fs::create_directories(bench / "rank1");
    std::vector<CompareUnit> step;
    const std::string err = testing::captured_output(STDERR_FILENO, [&] { step = units(npu, bench); });
    CHECK(err.find("[ERROR] dump.json is not found in dump dir " + (bench / "rank1").string() + ".\n") !=
          std::string::npos);
    REQUIRE(step.size() == 1);
    REQUIRE(step[0].pairs.size() == 1);
    CHECK(step[0].pairs[0].rank_label == "rank0");
}

TEST_CASE("compare units: the first rank folder chooses the file of every rank", "[verdict_compare][compare_units]") {
    const fs::path dir = testing::scratch_dir("compare_units_file_choice");
    SECTION("debug.json when the first rank has no dump.json") {
        for (const char* side : {"npu", "bench"}) {
            for (const char* rank : {"rank0", "rank1"}) {
                dump_text_in(dir / side / rank, "pytorch", "debug", "debug.json");
            }
        }
        const auto step = units(dir / "npu", dir / "bench");
        REQUIRE(step.at(0).pairs.size() == 2);
        check_pair(step[0].pairs[1], dir / "npu" / "rank1" / "debug.json", dir / "bench" / "rank1" / "debug.json",
                   "rank1", true);
    }
    SECTION("debug.json when the first dump.json says the run was at level debug") {
        for (const char* side : {"npu", "bench"}) {
            dump_text_in(dir / side / "rank0", "pytorch", "debug");
            dump_text_in(dir / side / "rank0", "pytorch", "debug", "debug.json");
        }
        const auto step = units(dir / "npu", dir / "bench");
        REQUIRE(step.at(0).pairs.size() == 1);
        check_pair(step[0].pairs[0], dir / "npu" / "rank0" / "debug.json", dir / "bench" / "rank0" / "debug.json",
                   "rank0", true);
    }
    SECTION("nothing to do when the first rank folder has neither") {
        fs::create_directories(dir / "npu" / "rank0");
        dump_in(dir / "bench" / "rank0");
        const auto step = units(dir / "npu", dir / "bench");
        REQUIRE(step.size() == 1);
        CHECK(step[0].kind == Kind::NothingToDo);
        CHECK(step[0].pairs.empty());
        CHECK(step[0].note ==
              "neither dump.json nor debug.json in " + (dir / "npu" / "rank0").string() + ": nothing to compare.");
    }
}

TEST_CASE("compare units: the first target rank's framework speaks for the step", "[verdict_compare][compare_units]") {
    const fs::path dir = testing::scratch_dir("compare_units_step_framework");
    for (const char* side : {"npu", "bench"}) dump_text_in(dir / side / "rank0", "");
    std::vector<CompareUnit> step;
    const std::string out = testing::captured_output(STDOUT_FILENO, [&] { step = units(dir / "npu", dir / "bench"); });
    CHECK(out.find("[WARNING] Unable to get framework information from target dump.json, default setting is "
                   "pytorch.") != std::string::npos);
    CHECK(step.at(0).pairs.size() == 1);

    // msprobe's compare_distributed_inner: "mindspore" goes to its MindSpore compare.
    dump_text_in(dir / "npu" / "rank0", "mindspore");
    CHECK(units(dir / "npu", dir / "bench").at(0).pairs.size() == 1);
    // "mindtorch" (MSAdapter) is refused there although a file pair of it compares; we compare it, and refuse it
    // only as msprobe does.
    dump_text_in(dir / "npu" / "rank0", "mindtorch");
    CHECK(units(dir / "npu", dir / "bench").at(0).pairs.size() == 1);
    CompareUnitOptions msprobe_steps;
    msprobe_steps.mindtorch_steps = false;
    CHECK(refusal(dir / "npu", dir / "bench", msprobe_steps) ==
          std::pair<std::string, std::string>{"", "Unrecognized framework, now is mindtorch, please check dump.json."});
    dump_text_in(dir / "npu" / "rank0", "jax");
    CHECK(refusal(dir / "npu", dir / "bench") ==
          std::pair<std::string, std::string>{"", "Unrecognized framework, now is jax, please check dump.json."});
}

TEST_CASE("compare units: a step folder without rank folders compares its one proc folder per side",
          "[verdict_compare][compare_units]") {
    const fs::path dir = testing::scratch_dir("compare_units_proc");
    dump_in(dir / "npu" / "proc12345");
    dump_in(dir / "bench" / "proc678");
    const auto procs = units(dir / "npu", dir / "bench");
    REQUIRE(procs.size() == 1);
    REQUIRE(procs[0].pairs.size() == 1);
    check_pair(procs[0].pairs[0], dir / "npu" / "proc12345" / "dump.json", dir / "bench" / "proc678" / "dump.json",
               "proc12345");

    dump_in(dir / "bench" / "proc9");
    CHECK(refusal(dir / "npu", dir / "bench") ==
          std::pair<std::string, std::string>{"", "No or multiple proc directories were found in the " +
                                                      (dir / "bench").string() + ". Expected exactly one."});
    // A folder with nothing this compare knows: no proc folder on the target side, which is named first.
    fs::create_directories(dir / "empty_npu" / "logs");
    fs::create_directories(dir / "empty_bench");
    CHECK(refusal(dir / "empty_npu", dir / "empty_bench").second ==
          "No or multiple proc directories were found in the " + (dir / "empty_npu").string() +
              ". Expected exactly one.");
}

TEST_CASE("compare units: graph and pynative halves, each step one level down", "[verdict_compare][compare_units]") {
    const fs::path dir = testing::scratch_dir("compare_units_mix");
    for (const char* side : {"npu", "bench"}) {
        dump_in(dir / side / "graph" / "step0" / "rank0");
        dump_in(dir / side / "pynative" / "step0" / "rank0");
    }
    dump_in(dir / "npu" / "pynative" / "step1" / "rank0");  // no partner: not compared
    const auto mix = units(dir / "npu", dir / "bench");
    REQUIRE(mix.size() == 2);
    CHECK(mix[0].output_subdir == fs::path("graph") / "step0");
    CHECK(mix[1].output_subdir == fs::path("pynative") / "step0");
    REQUIRE(mix[1].pairs.size() == 1);
    check_pair(mix[1].pairs[0], dir / "npu" / "pynative" / "step0" / "rank0" / "dump.json",
               dir / "bench" / "pynative" / "step0" / "rank0" / "dump.json", "rank0");

    CompareUnitOptions da;
    da.diff_analyze = true;
    const auto analysed = units(dir / "npu", dir / "bench", da);
    REQUIRE(analysed.size() == 2);
    CHECK(analysed[0].kind == Kind::DiffAnalyze);
    CHECK(analysed[0].target_dir == dir / "npu" / "graph" / "step0");
    CHECK(analysed[1].golden_dir == dir / "bench" / "pynative" / "step0");

    for (const char* side : {"npu", "bench"}) dump_in(dir / side / "graph" / "step0" / "graph" / "step0" / "rank0");
    CHECK(refusal(dir / "npu", dir / "bench") ==
          std::pair<std::string, std::string>{"", "Recursive compare error, depth exceeds 2."});
}

TEST_CASE("compare units: -da on MindSpore step folders is analysed, or compared plainly as msprobe does",
          "[verdict_compare][compare_units]") {
    const fs::path dir = testing::scratch_dir("compare_units_ms_da");
    for (const char* side : {"npu", "bench"}) {
        for (const char* rank : {"rank0", "rank1"}) dump_text_in(dir / side / rank, "mindspore");
    }
    CompareUnitOptions da;
    da.diff_analyze = true;
    const auto analysed = units(dir / "npu", dir / "bench", da);
    REQUIRE(analysed.size() == 1);
    CHECK(analysed[0].kind == Kind::DiffAnalyze);
    // msprobe's DiffAnalyzer runs ms_compare, whose mode never asks for the per-rank json it then looks for:
    // the ranks get the plain csv compare, and the analysis finds nothing.
    da.mindspore_diff_analyze_compares = true;
    const auto compared = units(dir / "npu", dir / "bench", da);
    REQUIRE(compared.size() == 1);
    CHECK(compared[0].kind == Kind::Pairs);
    CHECK(compared[0].default_table);
    CHECK(compared[0].pairs.size() == 2);
    CHECK(compared[0].note == "Cannot find any diff node, no need to generate analyze file.");
    // PyTorch step folders are analysed either way.
    for (const char* side : {"npu", "bench"}) {
        for (const char* rank : {"rank0", "rank1"}) dump_text_in(dir / side / rank, "pytorch");
    }
    CHECK(units(dir / "npu", dir / "bench", da).at(0).kind == Kind::DiffAnalyze);
}

TEST_CASE("compare units: a rank folder is its dump file pair", "[verdict_compare][compare_units]") {
    const fs::path dir = testing::scratch_dir("compare_units_rank_folder");
    dump_in(dir / "npu" / "rank3");
    dump_in(dir / "bench" / "rank3");
    const auto rank = units(dir / "npu" / "rank3", dir / "bench" / "rank3");
    REQUIRE(rank.size() == 1);
    CHECK(rank[0].single_pair);
    REQUIRE(rank[0].pairs.size() == 1);
    check_pair(rank[0].pairs[0], dir / "npu" / "rank3" / "dump.json", dir / "bench" / "rank3" / "dump.json", "");
}

TEST_CASE("compare units: a dump root gives a unit per step both sides have", "[verdict_compare][compare_units]") {
    const fs::path dir = testing::scratch_dir("compare_units_root");
    for (const char* step : {"step0", "step1", "step3"}) dump_in(dir / "npu" / step / "rank0");
    for (const char* step : {"step0", "step1", "step2"}) dump_in(dir / "bench" / step / "rank0");
    std::vector<CompareUnit> root;
    const std::string out = testing::captured_output(STDOUT_FILENO, [&] { root = units(dir / "npu", dir / "bench"); });
    REQUIRE(root.size() == 2);
    CHECK(root[0].output_subdir == "step0");
    CHECK(root[1].output_subdir == "step1");
    REQUIRE(root[1].pairs.size() == 1);
    check_pair(root[1].pairs[0], dir / "npu" / "step1" / "rank0" / "dump.json",
               dir / "bench" / "step1" / "rank0" / "dump.json", "rank0");
    CHECK(out.find((dir / "npu" / "step3").string() + " has no partner on the other side; not compared.") !=
          std::string::npos);
    CHECK(out.find((dir / "bench" / "step2").string() + " has no partner on the other side; not compared.") !=
          std::string::npos);
}

TEST_CASE("compare units: -da analyses a step folder, or finds nothing to do", "[verdict_compare][compare_units]") {
    const fs::path dir = testing::scratch_dir("compare_units_da");
    dump_in(dir / "npu" / "rank0");
    dump_in(dir / "bench" / "rank0");
    CompareUnitOptions da;
    da.diff_analyze = true;
    const auto analysed = units(dir / "npu", dir / "bench", da);
    REQUIRE(analysed.size() == 1);
    CHECK(analysed[0].kind == Kind::DiffAnalyze);
    CHECK(analysed[0].target_dir == dir / "npu");
    CHECK(analysed[0].golden_dir == dir / "bench");
    CHECK(analysed[0].pairs.empty());

    // No rank folder (a proc layout): no proc fallback under -da.
    dump_in(dir / "npu_proc" / "proc1");
    dump_in(dir / "bench_proc" / "proc2");
    const auto nothing = units(dir / "npu_proc", dir / "bench_proc", da);
    REQUIRE(nothing.size() == 1);
    CHECK(nothing[0].kind == Kind::NothingToDo);
    CHECK(nothing[0].note == "Cannot find any diff node, no need to generate analyze file.");
}

TEST_CASE("compare units: --rank hands the folders to the kernel compare", "[verdict_compare][compare_units]") {
    const fs::path dir = testing::scratch_dir("compare_units_kernel");
    fs::create_directories(dir / "npu" / "rank_0");
    fs::create_directories(dir / "bench" / "rank_0");
    CompareUnitOptions kernel;
    kernel.kernel_compare = true;
    kernel.diff_analyze = true;  // --rank is decided first
    const auto units_made = units(dir / "npu", dir / "bench", kernel);
    REQUIRE(units_made.size() == 1);
    CHECK(units_made[0].kind == Kind::KernelCompare);
    CHECK(units_made[0].target_dir == dir / "npu");
    CHECK(units_made[0].golden_dir == dir / "bench");
    CHECK(units_made[0].output_subdir.empty());
}

TEST_CASE("check_pair_frameworks: msprobe's get_compare_framework, -am and the swap hint",
          "[verdict_compare][compare_units]") {
    const auto dump_of = [](const std::string& path, const std::string& framework) {
        dump::DumpFile dump;
        dump.path = path;
        dump.framework = framework;
        return dump;
    };
    CHECK_NOTHROW(check_pair_frameworks(dump_of("t/dump.json", "pytorch"), dump_of("g/dump.json", "pytorch"), false));
    const std::string out = testing::captured_output(STDOUT_FILENO, [&] {
        check_pair_frameworks(dump_of("t/dump.json", ""), dump_of("g/debug.json", ""), false);
    });
    CHECK(out.find("[WARNING] Unable to get framework information from target dump.json, default setting is "
                   "pytorch.") != std::string::npos);
    CHECK(out.find("[WARNING] Unable to get framework information from golden debug.json, default setting is "
                   "pytorch.") != std::string::npos);

    const auto refusal_of = [](const dump::DumpFile& t, const dump::DumpFile& g, bool api_mapping = false) {
        try {
            check_pair_frameworks(t, g, api_mapping);
        } catch (const Error& e) {
            return std::pair<std::string, std::string>{e.file(), e.reason()};
        }
        return std::pair<std::string, std::string>{"", "no error"};
    };
    // msprobe's auto_compare: a MindSpore or MSAdapter target takes a PyTorch or MindSpore golden.
    for (const char* target : {"mindspore", "mindtorch"}) {
        for (const char* golden : {"pytorch", "mindspore", ""}) {
            INFO(target << " against " << golden);
            CHECK(refusal_of(dump_of("t/dump.json", target), dump_of("g/dump.json", golden), true).second ==
                  "no error");
        }
    }
    // -am names MindSpore APIs: refused for a PyTorch pair, a dump without framework counting as PyTorch.
    CHECK(refusal_of(dump_of("t/dump.json", ""), dump_of("g/dump.json", "pytorch"), true).second ==
          "Argument -am is not supported in PyTorch framework");
    // The MindSpore side must be the target: msprobe's message, then what to do.
    CHECK(refusal_of(dump_of("t/dump.json", "pytorch"), dump_of("g/dump.json", "mindspore")).second ==
          "Unrecognized framework, target now is pytorch, golden now is mindspore, please check dump.json. The "
          "mindspore dump (g/dump.json) goes to -tp and the PyTorch one (t/dump.json) to -gp: swap them.");
    CHECK(refusal_of(dump_of("t/dump.json", "mindspore"), dump_of("g/dump.json", "jax")).second ==
          "Unrecognized framework, target now is mindspore, golden now is jax, please check dump.json.");
    CHECK(refusal_of(dump_of("t/dump.json", "mindtorch"), dump_of("g/dump.json", "mindtorch")).second ==
          "Unrecognized framework, target now is mindtorch, golden now is mindtorch, please check dump.json.");
}

TEST_CASE("check_cross_framework_mapping: a MindSpore target against PyTorch needs a mapping",
          "[verdict_compare][compare_units]") {
    const auto dump_of = [](const std::string& path, const std::string& framework) {
        dump::DumpFile dump;
        dump.path = path;
        dump.framework = framework;
        return dump;
    };
    const auto ms = dump_of("t/dump.json", "mindspore");
    CHECK_NOTHROW(check_cross_framework_mapping(ms, dump_of("g/dump.json", "mindspore"), false));
    CHECK_NOTHROW(check_cross_framework_mapping(ms, dump_of("g/dump.json", "pytorch"), true));
    CHECK_NOTHROW(check_cross_framework_mapping(dump_of("t/dump.json", "pytorch"), dump_of("g/dump.json", "pytorch"),
                                                false));
    try {
        check_cross_framework_mapping(ms, dump_of("g/dump.json", "pytorch"), false);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.file() == "t/dump.json");
        CHECK(e.reason().find("a mindspore dump against a PyTorch golden (g/dump.json) needs a mapping") == 0);
        CHECK(e.reason().find("Add -am (API names), -cm (cell names), -lm (layers) or -dm") != std::string::npos);
    }
}
