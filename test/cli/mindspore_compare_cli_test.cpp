// compare on MindSpore dumps through the built binary: August msprobe's own
// runs of ../shared/fixtures/expected_august_ms cell for cell, and MindSpore
// dumps of our own generator (support/mindspore_dump.hpp) for what those runs
// do not reach: step folders of several ranks, md5 and tensor dumps, the
// jit-mixed graph/ + pynative/ roots in both command lines, -lm's yaml, -da,
// and the inputs compare refuses.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

#include "mapping/mapping_files.hpp"
#include "msprobe_process.hpp"
#include "report/csv_reader.hpp"
#include "support/august_outputs.hpp"
#include "support/file_text.hpp"
#include "support/mindspore_dump.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe::testing;

namespace {

// A run folder of expected_august_ms: args.txt holds the command after "msprobe compare", rc.txt its exit code.
struct MsRun {
    std::vector<std::string> args;
    int exit_code = -1;
};

MsRun read_ms_run(const fs::path& run_dir) {
    MsRun run;
    std::istringstream words(read_file_text(run_dir / "args.txt"));
    for (std::string w; words >> w;) run.args.push_back(w);
    run.exit_code = std::stoi(read_file_text(run_dir / "rc.txt"));
    return run;
}

std::vector<std::string> compare_args(std::vector<std::string> args, const std::string& out, bool strict) {
    args.insert(args.begin(), "compare");
    args.insert(args.end(), {"-o", out});
    if (strict) args.emplace_back("--strict_compat");
    return args;
}

// The PyTorch name of a MindSpore dump name: the fixture conversion (dumps_ms/README.md) undone.
std::string pytorch_name(const std::string& name) {
    for (const auto& [ms, pt] : {std::pair{"Cell.", "Module."}, std::pair{"MintFunctional.", "Functional."},
                                 std::pair{"Mint.", "Torch."}}) {
        if (name.rfind(ms, 0) == 0) return pt + name.substr(std::string(ms).size());
    }
    return name;
}

using Records = std::vector<std::vector<std::string>>;

Records records_of(const fs::path& file) { return msprobe::report::read_csv_records(file.string()); }

// The only result file of `prefix` in `dir`.
fs::path only_result(const fs::path& dir, const std::string& prefix = "compare_result") {
    std::vector<fs::path> found;
    if (fs::is_directory(dir)) {
        for (const auto& e : fs::directory_iterator(dir)) {
            if (e.path().filename().string().rfind(prefix, 0) == 0) found.push_back(e.path());
        }
    }
    INFO(dir.string() << " holds " << found.size() << " file(s) named " << prefix << "*");
    REQUIRE(found.size() == 1);
    return found.front();
}

std::size_t column(const Records& records, const std::string& name) {
    const auto& header = records.at(0);
    const auto it = std::find(header.begin(), header.end(), name);
    REQUIRE(it != header.end());
    return static_cast<std::size_t>(it - header.begin());
}

// A PyTorch result as the same compare of the converted MindSpore dumps writes it: names, dtypes and tensor file
// names in MindSpore's spelling (msprobe's ms_compare is its pt_compare with another file reader).
Records as_mindspore(Records records) {
    const auto& header = records.at(0);
    for (std::size_t r = 1; r < records.size(); ++r) {
        for (std::size_t c = 0; c < header.size(); ++c) {
            std::string& cell = records[r][c];
            if (header[c] == "NPU Name" || header[c] == "Bench Name") cell = mindspore_dump_name(cell);
            if (header[c] == "NPU Dtype" || header[c] == "Bench Dtype") cell = mindspore_dtype_name(cell);
            if (header[c] == "Data_name") {
                // "['Functional.linear.0.forward.input.0.pt', …]": each quoted file name converted.
                std::string out;
                std::size_t at = 0;
                while (true) {
                    const auto open = cell.find('\'', at);
                    if (open == std::string::npos) break;
                    const auto close = cell.find('\'', open + 1);
                    out += cell.substr(at, open + 1 - at) +
                           mindspore_tensor_file_name(cell.substr(open + 1, close - open - 1)) + "'";
                    at = close + 1;
                }
                cell = out + cell.substr(at);
            }
        }
    }
    return records;
}

// The two sides of one generated case, both frameworks, with the same options.
struct GeneratedCase {
    fs::path pytorch;    // npu/, bench/
    fs::path mindspore;  // npu/, bench/
};

GeneratedCase generate_case(const std::string& name, DumpPairOptions options) {
    GeneratedCase c;
    c.pytorch = scratch_dir(name + "_pt");
    c.mindspore = scratch_dir(name + "_ms");
    options.out = c.pytorch;
    generate_dump_pair(options);
    options.out = c.mindspore;
    generate_mindspore_dump_pair(options);
    return c;
}

}  // namespace

TEST_CASE("mindspore compare: every August run of msprobe on MindSpore dumps, file for file", "[fixtures][cli]") {
    const auto fixtures = shared_fixtures_or_skip();
    if (!fixtures) return;
    std::size_t runs = 0;
    for (const auto& c : fs::directory_iterator(*fixtures / "expected_august_ms")) {
        if (!c.is_directory()) continue;
        const fs::path case_dir = *fixtures / "dumps_ms" / c.path().filename();
        for (const auto& run : fs::directory_iterator(c.path())) {
            const MsRun recorded = read_ms_run(run.path());
            const fs::path cwd = linked_case(case_dir, "ms_compare_run");
            const auto r = run_msprobe(compare_args(recorded.args, "out", true), cwd);
            INFO(c.path().filename().string() << "/" << run.path().filename().string() << "\n" << r.err);
            CHECK(r.exit_code == recorded.exit_code);
            CHECK(result_folder_differences(run.path(), cwd / "out") == std::vector<std::string>{});
            ++runs;
        }
    }
    CHECK(runs >= 50);
}

TEST_CASE("mindspore compare: without --strict_compat, backward rows across frameworks pair with their own call",
          "[fixtures][cli]") {
    const auto fixtures = shared_fixtures_or_skip();
    if (!fixtures) return;
    std::size_t ms_pt_rows = 0;
    for (const auto& c : fs::directory_iterator(*fixtures / "expected_august_ms")) {
        if (!c.is_directory()) continue;
        const fs::path case_dir = *fixtures / "dumps_ms" / c.path().filename();
        for (const auto& run : fs::directory_iterator(c.path())) {
            const std::string variant = run.path().filename().string();
            const fs::path cwd = linked_case(case_dir, "ms_compare_default");
            const auto r = run_msprobe(compare_args(read_ms_run(run.path()).args, "out", false), cwd);
            INFO(c.path().filename().string() << "/" << variant << "\n" << r.err);
            REQUIRE(r.exit_code == 0);
            if (variant.rfind("ms_ms", 0) == 0) {
                // Two MindSpore dumps: no divergence applies, so msprobe's files are ours.
                CHECK(result_folder_differences(run.path(), cwd / "out") == std::vector<std::string>{});
                continue;
            }
            // compatibility.md row 151: msprobe keys the NPU rows by their recorded names and the bench rows by the
            // renumbered ones, so backward calls that ran out of order meet another call's bench rows. Both sides
            // were dumped from one model: every pair must be a row with itself.
            const Records rows = records_of(only_result(cwd / "out"));
            const auto npu = column(rows, "NPU Name"), bench = column(rows, "Bench Name");
            for (std::size_t i = 1; i < rows.size(); ++i) {
                if (rows[i][bench] == "N/A") continue;
                CHECK(rows[i][bench] == pytorch_name(rows[i][npu]));
                ++ms_pt_rows;
            }
        }
    }
    CHECK(ms_pt_rows > 500);
}

TEST_CASE("mindspore compare: a MindSpore pair writes the PyTorch pair's result in MindSpore's names", "[cli]") {
    struct Variant {
        const char* name;
        DumpTask task;
        SummaryMode summary;
        DumpLevel level;
        int ranks;
        bool xlsx;
    };
    const Variant variants[] = {
        {"statistics_2ranks", DumpTask::Statistics, SummaryMode::Statistics, DumpLevel::L1, 2, false},
        {"md5", DumpTask::Statistics, SummaryMode::Md5, DumpLevel::L1, 1, false},
        {"tensor", DumpTask::Tensor, SummaryMode::Statistics, DumpLevel::L1, 1, false},
        {"tensor_mix_2ranks", DumpTask::Tensor, SummaryMode::Statistics, DumpLevel::Mix, 2, false},
        {"statistics_L0", DumpTask::Statistics, SummaryMode::Statistics, DumpLevel::L0, 1, false},
    };
    for (const auto& v : variants) {
        DYNAMIC_SECTION(v.name) {
            DumpPairOptions options;
            options.apis = 60;
            options.task = v.task;
            options.summary_mode = v.summary;
            options.level = v.level;
            options.ranks = v.ranks;
            options.seed = 28;
            const GeneratedCase c = generate_case(std::string("ms_generated_") + v.name, options);
            for (const auto* root : {&c.pytorch, &c.mindspore}) {
                const auto r = run_msprobe({"compare", "-tp", "npu/step0", "-gp", "bench/step0", "-o", "out"}, *root);
                INFO(root->string() << "\n" << r.err);
                REQUIRE(r.exit_code == 0);
            }
            std::size_t files = 0;
            for (const auto& e : fs::directory_iterator(c.pytorch / "out")) {
                const std::string name = e.path().filename().string();
                INFO(name);
                const std::string rank = name.substr(0, name.rfind('_'));  // compare_result_rank0
                const Records pytorch = records_of(e.path());
                const Records mindspore = records_of(only_result(c.mindspore / "out", rank + "_"));
                REQUIRE(pytorch.size() > 10);
                CHECK(mindspore == as_mindspore(pytorch));
                ++files;
            }
            CHECK(files == static_cast<std::size_t>(v.ranks));

            // April's line reads the same MindSpore dumps: -f mindspore compare of the step folders writes the
            // -f pytorch result of the twin, in MindSpore's names.
            const std::string step_json = R"({"npu_path": "npu/step0", "bench_path": "bench/step0"})";
            for (const auto& [root, framework] : {std::pair{&c.pytorch, "pytorch"}, std::pair{&c.mindspore,
                                                                                          "mindspore"}}) {
                write_text(*root / "steps.json", step_json);
                const auto r = run_msprobe({"-f", framework, "compare", "-i", "steps.json", "-o", "april", "--format",
                                            "csv"},
                                           *root);
                INFO(root->string() << "\n" << r.err);
                REQUIRE(r.exit_code == 0);
            }
            std::size_t april_files = 0;
            for (const auto& e : fs::directory_iterator(c.pytorch / "april")) {
                const std::string name = e.path().filename().string();
                if (name.rfind("compare_result", 0) != 0) continue;
                INFO(name);
                const std::string rank = name.substr(0, name.rfind('_'));
                CHECK(records_of(only_result(c.mindspore / "april", rank + "_")) == as_mindspore(records_of(e.path())));
                ++april_files;
            }
            CHECK(april_files == static_cast<std::size_t>(v.ranks));
        }
    }
}

TEST_CASE("mindspore compare: the jit-mixed graph/ and pynative/ roots, in both command lines", "[cli]") {
    DumpPairOptions options;
    options.apis = 40;
    options.level = DumpLevel::Mix;
    options.seed = 7;
    const fs::path dir = scratch_dir("ms_jit_mixed");
    for (const char* half : {"graph", "pynative"}) {
        options.out = dir / "made" / half;
        generate_mindspore_dump_pair(options);
        for (const char* side : {"npu", "bench"}) {
            fs::create_directories(dir / side / half);
            fs::rename(dir / "made" / half / side / "step0", dir / side / half / "step0");
        }
        options.seed += 1;  // the halves hold different data
    }
    // August: msprobe compare -tp ROOT -gp ROOT, each step of each half as its own step compare.
    const auto mixed = run_msprobe({"compare", "-tp", "npu", "-gp", "bench", "-o", "out"}, dir);
    INFO(mixed.err);
    REQUIRE(mixed.exit_code == 0);
    CHECK(mixed.out.find("Start mix compare.") != std::string::npos);
    for (const char* half : {"graph", "pynative"}) {
        const std::string step = std::string(half) + "/step0";
        const auto plain = run_msprobe({"compare", "-tp", "npu/" + step, "-gp", "bench/" + step, "-o", "plain_" +
                                        std::string(half)},
                                       dir);
        REQUIRE(plain.exit_code == 0);
        CHECK(records_of(only_result(dir / "out" / half / "step0")) ==
              records_of(only_result(dir / ("plain_" + std::string(half)))));
    }
    // April: msprobe -f mindspore compare -i compare.json naming the two roots.
    write_text(dir / "compare.json", R"({"npu_path": "npu", "bench_path": "bench"})");
    const auto april = run_msprobe({"-f", "mindspore", "compare", "-i", "compare.json", "-o", "april"}, dir);
    INFO(april.err);
    REQUIRE(april.exit_code == 0);
    CHECK(april.out.find("[mix compare] Start comparing graph/step0") != std::string::npos);
    for (const char* half : {"graph", "pynative"}) {
        CHECK_FALSE(only_result(dir / "april" / half / "step0", "compare_result_rank_").empty());
        CHECK_FALSE(only_result(dir / "april" / half / "step0", "advisor_rank_").empty());
    }
    // April's -da: msprobe's mix compare runs the first-difference analysis on each step of each half; its files
    // are those of August's -da on the same roots.
    const auto april_da = run_msprobe({"-f", "mindspore", "compare", "-i", "compare.json", "-da", "-o", "april_da"},
                                      dir);
    INFO(april_da.err);
    REQUIRE(april_da.exit_code == 0);
    const auto august_da = run_msprobe({"compare", "-tp", "npu", "-gp", "bench", "-da", "-o", "august_da"}, dir);
    REQUIRE(august_da.exit_code == 0);
    for (const char* half : {"graph", "pynative"}) {
        const fs::path april_step = dir / "april_da" / half / "step0", august_step = dir / "august_da" / half / "step0";
        CHECK_FALSE(only_result(april_step, "compare_result_rank_").empty());
        CHECK(fs::exists(april_step) == fs::exists(august_step));
    }
}

TEST_CASE("mindspore compare: -lm writes msprobe's data_mapping yaml beside the result", "[fixtures][cli]") {
    const auto fixtures = shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path root = *fixtures / "reference_samples" / "layer_mapping" / "full";
    const fs::path dir = scratch_dir("ms_layer_mapping_yaml");
    const auto r = run_msprobe({"compare", "-tp", (root / "mindspore_data" / "dump.json").string(), "-gp",
                                (root / "pytorch_data" / "dump.json").string(), "-lm",
                                (root / "layer_mapping.yaml").string(), "-o", "out"},
                               dir);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    only_result(dir / "out");
    // The yaml holds the NPU row → bench row mapping msprobe's generate_data_mapping made on these dumps.
    msprobe::mapping::MappingFiles files;
    const auto& written = files.data(only_result(dir / "out", "data_mapping_").string());
    const auto expected = nlohmann::json::parse(read_file_text(root.parent_path() / "expected" / "full" /
                                                               "data_mapping.json"));
    REQUIRE(expected.is_object());
    CHECK(written.size() == expected.size());
    for (const auto& [npu, bench] : expected.items()) {
        INFO(npu);
        const auto it = written.find(npu);
        REQUIRE(it != written.end());
        CHECK(it->second == bench.get<std::string>());
    }
}

TEST_CASE("mindspore compare: -da analyses MindSpore step folders, where msprobe compares them plainly", "[cli]") {
    DumpPairOptions options;
    options.apis = 50;
    options.ranks = 2;
    options.seed = 3;
    options.out = scratch_dir("ms_diff_analyze");
    generate_mindspore_dump_pair(options);
    const auto analysed = run_msprobe({"compare", "-tp", "npu/step0", "-gp", "bench/step0", "-da", "-o", "da"},
                                      options.out);
    INFO(analysed.err);
    REQUIRE(analysed.exit_code == 0);
    CHECK_FALSE(only_result(options.out / "da", "diff_analyze_").empty());
    // msprobe: ms_compare leaves first_diff_analyze out of its mode, so the ranks get plain csv results and the
    // analysis finds no per-rank json (find_first/analyzer.py _resolve_input_path).
    const auto strict = run_msprobe(
        {"compare", "-tp", "npu/step0", "-gp", "bench/step0", "-da", "-o", "strict", "--strict_compat"}, options.out);
    INFO(strict.err);
    REQUIRE(strict.exit_code == 0);
    CHECK(strict.out.find("Cannot find any diff node, no need to generate analyze file.") != std::string::npos);
    std::set<std::string> names;
    for (const auto& e : fs::directory_iterator(options.out / "strict")) {
        names.insert(without_timestamp(e.path().filename().string()));
    }
    CHECK(names == std::set<std::string>{"compare_result_rank0.csv", "compare_result_rank1.csv"});
}

TEST_CASE("mindspore compare: MSAdapter (mindtorch) step folders compare as MindSpore's", "[cli]") {
    DumpPairOptions options;
    options.apis = 30;
    options.seed = 5;
    options.out = scratch_dir("ms_mindtorch_steps");
    const auto pair = generate_mindspore_dump_pair(options);
    for (const auto* dirs : {&pair.npu_rank_dirs, &pair.bench_rank_dirs}) {
        const fs::path file = dirs->front() / "dump.json";
        std::string text = read_file_text(file);
        text.replace(text.find("\"mindspore\""), 11, "\"mindtorch\"");
        write_file(file, text);
    }
    const auto ours = run_msprobe({"compare", "-tp", "npu/step0", "-gp", "bench/step0", "-o", "out"}, options.out);
    INFO(ours.err);
    CHECK(ours.exit_code == 0);
    only_result(options.out / "out");
    // msprobe's compare_distributed_inner accepts "mindspore" only, though its file-pair compare takes "mindtorch".
    const auto strict = run_msprobe(
        {"compare", "-tp", "npu/step0", "-gp", "bench/step0", "-o", "strict", "--strict_compat"}, options.out);
    CHECK(strict.exit_code == 1);
    CHECK(strict.err.find("Unrecognized framework, now is mindtorch, please check dump.json.") != std::string::npos);
    CHECK_FALSE(fs::exists(options.out / "strict"));
}

TEST_CASE("mindspore compare: the inputs it refuses, in one line and with nothing written", "[cli]") {
    DumpPairOptions options;
    options.apis = 30;
    options.task = DumpTask::Tensor;
    options.seed = 11;
    const GeneratedCase c = generate_case("ms_refused", options);
    const fs::path ms = c.mindspore;
    fs::create_directory_symlink(c.pytorch / "bench", ms / "pt_bench");
    const std::string npu = "npu/step0/rank/dump.json";
    auto one_line = [](const ProcessResult& r) { return std::count(r.err.begin(), r.err.end(), '\n') == 1; };

    SECTION("a tensor file the dump names is missing") {
        const fs::path tensors = ms / "npu" / "step0" / "rank" / "dump_tensor_data";
        const fs::path gone = fs::directory_iterator(tensors)->path();
        fs::remove(gone);
        const auto r = run_msprobe({"compare", "-tp", npu, "-gp", "bench/step0/rank/dump.json", "-o", "out"}, ms);
        CHECK(r.exit_code == 1);
        CHECK(one_line(r));
        CHECK(r.err.find(gone.filename().string() + ": no such file, named by " + npu) != std::string::npos);
        CHECK_FALSE(fs::exists(ms / "out"));
        // msprobe compares the rest: the row of the missing file reads "unsupported", and its verdict rules replace
        // the read failure's message (indicator_analysis/calculator.py), so nothing in the file says why.
        const auto strict = run_msprobe(
            {"compare", "-tp", npu, "-gp", "bench/step0/rank/dump.json", "-o", "strict", "--strict_compat"}, ms);
        CHECK(strict.exit_code == 0);
        const Records rows = records_of(only_result(ms / "strict"));
        const auto cosine = column(rows, "Cosine"), message = column(rows, "Err_message");
        const std::string stem = gone.stem().string();
        std::size_t found = 0;
        for (std::size_t i = 1; i < rows.size(); ++i) {
            if (rows[i][0] != stem) continue;
            CHECK(rows[i][cosine] == "unsupported");
            CHECK(rows[i][message].find("not found or read failed") == std::string::npos);
            ++found;
        }
        CHECK(found == 1);
    }
    SECTION("a MindSpore target against a PyTorch golden without any mapping") {
        const auto r = run_msprobe({"compare", "-tp", npu, "-gp", "pt_bench/step0/rank/dump.json", "-o", "out"}, ms);
        CHECK(r.exit_code == 1);
        CHECK(one_line(r));
        CHECK(r.err.find(npu + ": a mindspore dump against a PyTorch golden") != std::string::npos);
        CHECK_FALSE(fs::exists(ms / "out"));
        CHECK(run_msprobe({"compare", "-tp", npu, "-gp", "pt_bench/step0/rank/dump.json", "-cm", "-o", "cm"}, ms)
                  .exit_code == 0);
    }
    SECTION("the PyTorch dump given as the target") {
        const auto r = run_msprobe({"compare", "-tp", "pt_bench/step0/rank/dump.json", "-gp", npu, "-am", "-o", "out"},
                                   ms);
        CHECK(r.exit_code == 1);
        CHECK(one_line(r));
        const std::string expected = "Unrecognized framework, target now is pytorch, golden now is mindspore, please "
                                     "check dump.json. The mindspore dump (" + npu + ") goes to -tp and the PyTorch "
                                     "one (pt_bench/step0/rank/dump.json) to -gp: swap them.";
        CHECK(r.err.find(expected) != std::string::npos);
        CHECK_FALSE(fs::exists(ms / "out"));
    }
    SECTION("a mapping yaml of the wrong shape") {
        write_text(ms / "cells.yaml", "- fc1.Dense\n- fc1.Linear\n");
        const auto r = run_msprobe(
            {"compare", "-tp", npu, "-gp", "pt_bench/step0/rank/dump.json", "-cm", "cells.yaml", "-o", "out"}, ms);
        CHECK(r.exit_code != 0);
        CHECK(one_line(r));
        CHECK(r.err.find("cells.yaml") != std::string::npos);
        CHECK_FALSE(fs::exists(ms / "out"));
    }
}
