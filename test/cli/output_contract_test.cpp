// The output contract: the output directory appears only with results, the
// files of one run appear together or not at all, a write error is one line
// naming the file, and a result another run wrote is never replaced.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <fstream>

#include "common/error.hpp"
#include "msprobe_process.hpp"
#include "report/output_file.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::testing::ProcessResult;
using msprobe::testing::run_msprobe;
using msprobe::testing::write_text;

namespace {

// A statistics dump of `apis` relu calls (their result rows take about 300 bytes each in csv).
std::string dump_text(int apis = 1) {
    std::string data;
    for (int i = 0; i < apis; ++i) {
        data += fmt::format(R"({}"Functional.relu.{}.forward": {{
   "input_args": [{{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2, 3],
                   "Max": 1.5, "Min": -1.0, "Mean": 0.25, "Norm": 2.0, "requires_grad": false}}],
   "input_kwargs": {{}},
   "output": [{{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2, 3],
               "Max": 1.5, "Min": 0.0, "Mean": 0.5, "Norm": 2.0, "requires_grad": false}}]}})",
                            i == 0 ? "" : ",\n", i);
    }
    return R"({"task": "statistics", "level": "L1", "framework": "pytorch", "dump_data_dir": null, "data": {)" + data +
           "}}";
}

const std::string kDump = dump_text();

std::vector<std::string> entries(const fs::path& dir) {
    std::vector<std::string> names;
    if (!fs::exists(dir)) return names;
    for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

struct Pair {
    fs::path dir;
    explicit Pair(const std::string& name) : dir(msprobe::testing::scratch_dir("cli_output_" + name)) {
        write_text(dir / "compare.json", R"({"npu_path": "npu/dump.json", "bench_path": "bench/dump.json"})");
        write_text(dir / "npu/dump.json", kDump);
        write_text(dir / "bench/dump.json", kDump);
    }
    ~Pair() { fs::remove_all(dir); }
    ProcessResult compare(std::vector<std::string> extra = {}) const {
        std::vector<std::string> args{"-f", "pytorch", "compare", "-i", "compare.json", "-o", "out"};
        args.insert(args.end(), extra.begin(), extra.end());
        return run_msprobe(args, dir);
    }
};

// msprobe with a file-size limit of `kib` KiB, the way a shell user sets one.
ProcessResult run_with_file_limit(const fs::path& cwd, int kib, const std::string& args) {
    const std::string cmd = fmt::format("cd {} && bash -c 'ulimit -f {}; exec {} {}' >.out.txt 2>.err.txt",
                                        msprobe::testing::shell_quote(cwd.string()), kib, MSPROBE_BINARY, args);
    const int status = std::system(cmd.c_str());
    ProcessResult r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = msprobe::testing::read_file_text(cwd / ".out.txt");
    r.err = msprobe::testing::read_file_text(cwd / ".err.txt");
    fs::remove(cwd / ".out.txt");
    fs::remove(cwd / ".err.txt");
    return r;
}

std::string timestamp_at(std::time_t t) {
    std::tm local{};
    localtime_r(&t, &local);
    char text[16];
    std::strftime(text, sizeof text, "%Y%m%d%H%M%S", &local);
    return text;
}

}  // namespace

TEST_CASE("bad input leaves no output directory behind", "[cli][output]") {
    Pair pair("bad_input");
    write_text(pair.dir / "npu/dump.json", R"({"task": "statistics"})");
    SECTION("compare") {
        const auto r = pair.compare();
        CHECK(r.exit_code == 2);
        CHECK_FALSE(fs::exists(pair.dir / "out"));
    }
    SECTION("compare -da") {
        const auto r = pair.compare({"-da"});
        CHECK(r.exit_code == 2);
        CHECK_FALSE(fs::exists(pair.dir / "out"));
    }
    SECTION("nested: missing parents are not left either") {
        const auto r = run_msprobe({"-f", "pytorch", "compare", "-i", "compare.json", "-o", "a/b/c"}, pair.dir);
        CHECK(r.exit_code == 2);
        CHECK_FALSE(fs::exists(pair.dir / "a"));
    }
    SECTION("a good run creates it") {
        write_text(pair.dir / "npu/dump.json", kDump);
        const auto r = pair.compare();
        INFO(r.err);
        CHECK(r.exit_code == 0);
        CHECK(entries(pair.dir / "out").size() == 2);  // result and advisor
    }
}

TEST_CASE("compare -da with an empty rank directory analyses the others", "[cli][output]") {
    Pair pair("da_empty_rank");
    write_text(pair.dir / "compare.json", R"({"npu_path": "npu_step", "bench_path": "bench_step"})");
    for (const char* side : {"npu_step", "bench_step"}) {
        write_text(pair.dir / side / "rank0/dump.json", kDump);
        fs::create_directories(pair.dir / side / "rank1");
    }
    const auto r = pair.compare({"-da"});
    INFO(r.err << r.out);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("npu_step/rank1: no dump.json on either side; skipping rank1 comparison.") != std::string::npos);
    const auto names = entries(pair.dir / "out");
    REQUIRE(names.size() == 1);
    CHECK(names[0].rfind("compare_result_rank0_", 0) == 0);

    SECTION("a rank whose dumps match no row has no result file, and the run says nothing about moving it") {
        write_text(pair.dir / "npu_step/rank1/dump.json", R"({"task": "statistics", "level": "L1", "data": {}})");
        write_text(pair.dir / "bench_step/rank1/dump.json", R"({"task": "statistics", "level": "L1", "data": {}})");
        fs::remove_all(pair.dir / "out");
        const auto again = pair.compare({"-da"});
        INFO(again.err);
        CHECK(again.exit_code == 0);
        CHECK(again.err.find("cannot move") == std::string::npos);
        CHECK(entries(pair.dir / "out").size() == 1);
    }
}

TEST_CASE("two empty step directories are an error naming both", "[cli][output]") {
    Pair pair("empty_steps");
    write_text(pair.dir / "compare.json", R"({"npu_path": "npu_step", "bench_path": "bench_step"})");
    fs::create_directories(pair.dir / "npu_step");
    fs::create_directories(pair.dir / "bench_step");
    const auto r = pair.compare();
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(r.err.find("npu_step") != std::string::npos);
    CHECK(r.err.find("bench_step") != std::string::npos);
    CHECK(r.out.find("Compared 0 rows") == std::string::npos);
    CHECK_FALSE(fs::exists(pair.dir / "out"));
}

TEST_CASE("a file-size limit is reported in one line and leaves no partial file", "[cli][output]") {
    Pair pair("file_limit");
    // 1 KiB holds neither the workbook nor the csv of 20 APIs (40 rows).
    write_text(pair.dir / "npu/dump.json", dump_text(20));
    write_text(pair.dir / "bench/dump.json", dump_text(20));
    for (const char* format : {"xlsx", "csv"}) {
        const auto r = run_with_file_limit(
            pair.dir, 1, fmt::format("-f pytorch compare -i compare.json -o out --format {}", format));
        INFO(format << ": " << r.err);
        CHECK(r.exit_code == 2);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK(r.err.find("out/compare_result_") != std::string::npos);
        CHECK(r.err.find("File too large") != std::string::npos);
        CHECK_FALSE(fs::exists(pair.dir / "out"));  // no result, no advisor, no partial file, no directory
    }
}

TEST_CASE("a result another run wrote is never replaced", "[cli][output]") {
    Pair pair("no_replace");
    // Every name this run could compute (its second, and a few either side) is taken already.
    const std::time_t now = std::time(nullptr);
    for (std::time_t t = now - 2; t <= now + 30; ++t) {
        write_text(pair.dir / "out" / ("compare_result_" + timestamp_at(t) + ".csv"), "another run\n");
    }
    const auto before = entries(pair.dir / "out").size();
    const auto r = pair.compare({"--format", "csv", "-c"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const auto names = entries(pair.dir / "out");
    CHECK(names.size() == before + 1);
    for (const auto& name : names) {
        const std::string text = msprobe::testing::read_file_text(pair.dir / "out" / name);
        if (name.size() > 5 && name.substr(name.size() - 6) == "_1.csv") {
            CHECK(text.rfind("NPU Name", 0) != std::string::npos);
            CHECK(r.out.find(name) != std::string::npos);  // the log and summary name the file that was written
        } else {
            CHECK(text == "another run\n");
        }
    }
}

TEST_CASE("StagedFiles: numbered names, and a failed commit removes what it moved", "[cli][output]") {
    using msprobe::report::Existing;
    using msprobe::report::StagedFiles;
    const fs::path dir = msprobe::testing::scratch_dir("cli_output_staged");
    auto write = [](const char* text) { return [text](const fs::path& p) { std::ofstream(p) << text; }; };

    SECTION("a taken name gets the first free number") {
        write_text(dir / "r.csv", "old");
        write_text(dir / "r_1.csv", "old");
        StagedFiles staged;
        staged.stage(dir / "r.csv", write("new"));
        CHECK(staged.commit() == std::vector<fs::path>{dir / "r_2.csv"});
        CHECK(staged.placed(dir / "r.csv") == dir / "r_2.csv");
        CHECK(msprobe::testing::read_file_text(dir / "r.csv") == "old");
        CHECK(msprobe::testing::read_file_text(dir / "r_2.csv") == "new");
    }
    SECTION("all or none") {
        // Replacing a non-empty directory fails: the first file, already moved, goes again.
        write_text(dir / "b.txt/keep", "x");
        {
            StagedFiles staged(Existing::Replace);
            staged.stage(dir / "a.txt", write("a"));
            staged.stage(dir / "b.txt", write("b"));
            CHECK_THROWS_WITH(staged.commit(), Catch::Contains("b.txt: cannot move the result into place"));
            CHECK_FALSE(fs::exists(dir / "a.txt"));
        }
        CHECK(entries(dir) == std::vector<std::string>{"b.txt"});  // and no temporary file
    }
    SECTION("the directory is made on staging and removed when nothing is committed") {
        {
            StagedFiles staged;
            staged.stage(dir / "new/sub/a.txt", write("a"));
            CHECK(fs::is_directory(dir / "new/sub"));
        }
        CHECK_FALSE(fs::exists(dir / "new"));
    }
    SECTION("a writer's error about the temporary file names the target") {
        StagedFiles staged;
        CHECK_THROWS_WITH(
            staged.stage(dir / "c.txt",
                         [](const fs::path& temp) { throw msprobe::Error(temp.string(), "write failed"); }),
            (dir / "c.txt").string() + ": write failed");
        CHECK(staged.failed());
        CHECK(entries(dir).empty());
    }
    fs::remove_all(dir);
}
