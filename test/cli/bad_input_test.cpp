// Bad input never produces a result file: exit code 2, one line on stderr
// naming the file and the reason.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>

#include "msprobe_process.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::testing::run_msprobe;
using msprobe::testing::write_text;

namespace {

const char* kGoodDump = R"({
 "task": "statistics", "level": "L1", "framework": "pytorch", "dump_data_dir": null,
 "data": {
  "Functional.relu.0.forward": {
   "input_args": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2, 3],
                   "Max": 1.5, "Min": -1.0, "Mean": 0.25, "Norm": 2.0, "requires_grad": false}],
   "input_kwargs": {},
   "output": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2, 3],
               "Max": 1.5, "Min": 0.0, "Mean": 0.5, "Norm": 2.0, "requires_grad": false}]
  }
 }
})";

std::string md5_dump() {
    std::string text = kGoodDump;
    for (auto pos = text.find("\"requires_grad\": false"); pos != std::string::npos;
         pos = text.find("\"requires_grad\": false", pos + 40)) {
        text.insert(pos, "\"md5\": \"0a1b2c3d\", ");
    }
    return text;
}

struct Workspace {
    fs::path dir;
    explicit Workspace(const std::string& name) : dir(msprobe::testing::scratch_dir("cli_" + name)) {
        write_text(dir / "compare.json",
                   R"({"npu_path": "npu/dump.json", "bench_path": "bench/dump.json", "is_print_compare_log": true})");
        write_text(dir / "npu/dump.json", kGoodDump);
        write_text(dir / "bench/dump.json", kGoodDump);
    }
    msprobe::testing::ProcessResult compare(const std::string& out = "out") const {
        return run_msprobe({"-f", "pytorch", "compare", "-i", "compare.json", "-o", out}, dir);
    }
    bool wrote_results(const std::string& out = "out") const {
        if (!fs::exists(dir / out)) return false;
        return std::any_of(fs::directory_iterator(dir / out), fs::directory_iterator(),
                           [](const fs::directory_entry&) { return true; });
    }
};

// One line on stderr that names `file`, exit code 2, no output.
void require_clean_failure(const Workspace& ws, const msprobe::testing::ProcessResult& r, const std::string& file,
                           const std::string& reason_part) {
    INFO("stderr: " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(r.err.find(file) != std::string::npos);
    CHECK(r.err.find(reason_part) != std::string::npos);
    CHECK_FALSE(ws.wrote_results());
}

}  // namespace

TEST_CASE("a good statistics pair compares with exit code 0", "[cli]") {
    Workspace ws("good");
    const auto r = ws.compare();
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.err.empty());
    CHECK(ws.wrote_results());
}

TEST_CASE("missing compare.json", "[cli]") {
    Workspace ws("missing_config");
    const auto r = run_msprobe({"-f", "pytorch", "compare", "-i", "nope.json", "-o", "out"}, ws.dir);
    require_clean_failure(ws, r, "nope.json", "no such file");
}

TEST_CASE("npu_path that does not exist", "[cli]") {
    Workspace ws("missing_npu");
    fs::remove(ws.dir / "npu/dump.json");
    require_clean_failure(ws, ws.compare(), "npu/dump.json", "no such file");
}

TEST_CASE("unreadable dump.json", "[cli]") {
    Workspace ws("unreadable");
    if (::geteuid() != 0) {
        fs::permissions(ws.dir / "bench/dump.json", fs::perms::none);
        require_clean_failure(ws, ws.compare(), "bench/dump.json", "cannot open");
    }
    // Root reads everything; a directory in the file's place is unreadable for anyone.
    fs::remove(ws.dir / "bench/dump.json");
    fs::create_directories(ws.dir / "bench/dump.json");
    require_clean_failure(ws, ws.compare(), "bench/dump.json", "directory");
}

TEST_CASE("malformed dump.json", "[cli]") {
    Workspace ws("malformed");
    write_text(ws.dir / "npu/dump.json", R"({"task": "statistics", "data": {"a": [1, 2,}})");
    require_clean_failure(ws, ws.compare(), "npu/dump.json", "malformed JSON");
}

TEST_CASE("malformed compare.json", "[cli]") {
    Workspace ws("malformed_config");
    write_text(ws.dir / "compare.json", R"({"npu_path": )");
    require_clean_failure(ws, ws.compare(), "compare.json", "malformed JSON");
}

TEST_CASE("dump.json without data", "[cli]") {
    Workspace ws("no_data");
    write_text(ws.dir / "bench/dump.json", R"({"task": "statistics", "level": "L1"})");
    require_clean_failure(ws, ws.compare(), "bench/dump.json", "'data' is missing");
}

TEST_CASE("values of the wrong type", "[cli]") {
    SECTION("data is not an object") {
        Workspace ws("data_list");
        write_text(ws.dir / "npu/dump.json", R"({"task": "statistics", "data": []})");
        require_clean_failure(ws, ws.compare(), "npu/dump.json", "'data' is not a JSON object");
    }
    SECTION("shape is not an array") {
        Workspace ws("shape_text");
        std::string text = kGoodDump;
        text.replace(text.find("[2, 3]"), 6, "\"2x3\"");
        write_text(ws.dir / "npu/dump.json", text);
        require_clean_failure(ws, ws.compare(), "npu/dump.json", "'shape' is not an array");
    }
    SECTION("requires_grad is not a boolean") {
        Workspace ws("requires_grad_text");
        std::string text = kGoodDump;
        text.replace(text.find("\"requires_grad\": false"), 22, "\"requires_grad\": \"no\"");
        write_text(ws.dir / "bench/dump.json", text);
        require_clean_failure(ws, ws.compare(), "bench/dump.json", "'requires_grad' is not a boolean");
    }
    SECTION("task is missing") {
        Workspace ws("no_task");
        write_text(ws.dir / "npu/dump.json", R"({"data": {}})");
        require_clean_failure(ws, ws.compare(), "npu/dump.json", "'task' is missing");
    }
    SECTION("npu_path is a number") {
        Workspace ws("path_number");
        write_text(ws.dir / "compare.json", R"({"npu_path": 3, "bench_path": "bench/dump.json"})");
        require_clean_failure(ws, ws.compare(), "compare.json", "npu_path");
    }
}

TEST_CASE("statistics on one side, md5 on the other", "[cli]") {
    Workspace ws("md5_mismatch");
    write_text(ws.dir / "bench/dump.json", md5_dump());
    require_clean_failure(ws, ws.compare(), "bench/dump.json", "md5");
}

TEST_CASE("tensor task against statistics task", "[cli]") {
    Workspace ws("task_mismatch");
    std::string text = kGoodDump;
    text.replace(text.find("statistics"), 10, "tensor");
    write_text(ws.dir / "bench/dump.json", text);
    require_clean_failure(ws, ws.compare(), "bench/dump.json", "task");
}

TEST_CASE("step directories with different rank counts", "[cli]") {
    Workspace ws("rank_counts");
    write_text(ws.dir / "compare.json", R"({"npu_path": "npu_step", "bench_path": "bench_step"})");
    for (const char* rank : {"npu_step/rank0", "npu_step/rank1", "bench_step/rank0"}) {
        write_text(ws.dir / rank / "dump.json", kGoodDump);
    }
    require_clean_failure(ws, ws.compare(), "bench_step", "number of ranks");
}

TEST_CASE("step directory with a stray entry", "[cli]") {
    Workspace ws("stray_entry");
    write_text(ws.dir / "compare.json", R"({"npu_path": "npu_step", "bench_path": "bench_step"})");
    write_text(ws.dir / "npu_step/rank0/dump.json", kGoodDump);
    write_text(ws.dir / "npu_step/notes.txt", "x");
    write_text(ws.dir / "bench_step/rank0/dump.json", kGoodDump);
    require_clean_failure(ws, ws.compare(), "npu_step", "notes.txt");
}

TEST_CASE("output directory that cannot be created", "[cli]") {
    Workspace ws("output_blocked");
    write_text(ws.dir / "blocker", "a file where a directory is needed");
    const auto r = ws.compare("blocker/out");
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(r.err.find("blocker/out") != std::string::npos);
}

TEST_CASE("output path that is a file", "[cli]") {
    Workspace ws("output_file");
    write_text(ws.dir / "out", "not a directory");
    const auto r = ws.compare("out");
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("not a directory") != std::string::npos);
}

TEST_CASE("unknown flags and PyTorch-only restrictions are usage errors", "[cli]") {
    Workspace ws("usage");
    auto r = run_msprobe({"-f", "pytorch", "compare", "-i", "compare.json", "--no-such-flag"}, ws.dir);
    CHECK(r.exit_code == 2);
    r = run_msprobe({"-f", "pytorch", "compare", "-i", "compare.json", "-am"}, ws.dir);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("Argument -cm or -am is not supported in PyTorch framework") != std::string::npos);
    CHECK_FALSE(ws.wrote_results());
}

TEST_CASE("help and version exit 0", "[cli]") {
    Workspace ws("help");
    auto r = run_msprobe({"--help"}, ws.dir);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("compare") != std::string::npos);
    r = run_msprobe({"--version"}, ws.dir);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("msprobe-cpp") != std::string::npos);
    r = run_msprobe({"-f", "pytorch", "compare", "--help"}, ws.dir);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("--input_path") != std::string::npos);
}

TEST_CASE("msprobe's single-dash spellings parse", "[cli]") {
    Workspace ws("single_dash");
    const auto r =
        run_msprobe({"-f", "pytorch", "compare", "-i", "compare.json", "-o", "out", "-hl", "-c", "-s"}, ws.dir);
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(ws.wrote_results());
}

TEST_CASE("one unusable rank: the other ranks' books are written and the run fails", "[cli]") {
    Workspace ws("rank_partial");
    write_text(ws.dir / "compare.json", R"({"npu_path": "npu_step", "bench_path": "bench_step"})");
    for (const char* rank : {"npu_step/rank0", "npu_step/rank1", "bench_step/rank0", "bench_step/rank1"}) {
        write_text(ws.dir / rank / "dump.json", kGoodDump);
    }
    write_text(ws.dir / "bench_step/rank1/dump.json", R"({"task": "statistics"})");
    const auto r = ws.compare();
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("bench_step/rank1/dump.json: 'data' is missing") != std::string::npos);
    bool rank0 = false, rank1 = false;
    for (const auto& e : fs::directory_iterator(ws.dir / "out")) {
        const std::string name = e.path().filename().string();
        rank0 = rank0 || name.rfind("compare_result_rank0_", 0) == 0;
        rank1 = rank1 || name.rfind("compare_result_rank1_", 0) == 0;
    }
    CHECK(rank0);
    CHECK_FALSE(rank1);
}
