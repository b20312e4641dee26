// compare -da and nan_analyze as a user runs them: results on good input,
// exit code 2 with one line on stderr and nothing written on bad input.
#include <catch2/catch.hpp>

#include <algorithm>

#include "msprobe_process.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::testing::run_msprobe;
using msprobe::testing::write_text;

namespace {

// A rank's dump: one compute op and one all_reduce; `scale` multiplies the relu output.
std::string rank_dump(double relu_max) {
    return R"({"task": "statistics", "level": "L1", "framework": "pytorch", "dump_data_dir": null, "data": {
 "Torch.relu.0.forward": {"input_args": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2],
     "Max": 1.0, "Min": -1.0, "Mean": 0.0, "Norm": 1.4, "requires_grad": false}], "input_kwargs": {},
   "output": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2],
     "Max": )" + std::to_string(relu_max) + R"(, "Min": 0.0, "Mean": 0.5, "Norm": 1.0, "requires_grad": false}]},
 "Distributed.all_reduce.0.forward": {"input_args": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2],
     "Max": 1.0, "Min": 0.0, "Mean": 0.5, "Norm": 1.0, "requires_grad": false}],
   "input_kwargs": {"group": {"type": "torch.ProcessGroup", "group_ranks": [0, 1], "group_id": "1"}},
   "output": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2],
     "Max": 2.0, "Min": 0.0, "Mean": 1.0, "Norm": 2.0, "requires_grad": false}]}}})";
}

struct DaWorkspace {
    fs::path dir;
    explicit DaWorkspace(const std::string& name) : dir(msprobe::testing::scratch_dir("cli_da_" + name)) {
        write_text(dir / "compare.json", R"({"npu_path": "npu/step0", "bench_path": "bench/step0"})");
        for (int r = 0; r < 2; ++r) {
            const std::string rank = "rank" + std::to_string(r);
            write_text(dir / "npu/step0" / rank / "dump.json", rank_dump(r == 1 ? 3.0 : 1.0));
            write_text(dir / "bench/step0" / rank / "dump.json", rank_dump(1.0));
        }
    }
    msprobe::testing::ProcessResult run() const {
        return run_msprobe({"-f", "pytorch", "compare", "-i", "compare.json", "-o", "out", "-da"}, dir);
    }
    std::vector<std::string> written() const {
        std::vector<std::string> names;
        if (!fs::exists(dir / "out")) return names;
        for (const auto& e : fs::directory_iterator(dir / "out")) names.push_back(e.path().filename().string());
        std::sort(names.begin(), names.end());
        return names;
    }
};

void require_clean_failure(const msprobe::testing::ProcessResult& r, const std::vector<std::string>& written,
                           const std::string& file_part, const std::string& reason_part) {
    INFO("stderr: " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(r.err.find(file_part) != std::string::npos);
    CHECK(r.err.find(reason_part) != std::string::npos);
    CHECK(written.empty());
}

}  // namespace

TEST_CASE("compare -da writes the per-rank results and the analysis", "[cli][first_diff]") {
    DaWorkspace ws("good");
    const auto r = ws.run();
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const auto names = ws.written();
    REQUIRE(names.size() == 3);
    CHECK(names[0].rfind("compare_result_rank0_", 0) == 0);
    CHECK(names[1].rfind("compare_result_rank1_", 0) == 0);
    CHECK(names[2].rfind("diff_analyze_", 0) == 0);
    const std::string report = msprobe::testing::read_file_text(ws.dir / "out" / names[2]);
    CHECK(report.find("\"rank_1\"") != std::string::npos);
    CHECK(report.find("\"op_name\": \"Torch.relu.0.forward\"") != std::string::npos);
    CHECK(report.find("rank_0") == std::string::npos);
}

TEST_CASE("compare -da: bad input writes nothing", "[cli][first_diff]") {
    SECTION("missing step directory") {
        DaWorkspace ws("missing");
        fs::remove_all(ws.dir / "bench/step0");
        require_clean_failure(ws.run(), ws.written(), "bench/step0", "no such file or directory");
    }
    SECTION("no rank directories") {
        DaWorkspace ws("no_ranks");
        fs::remove_all(ws.dir / "npu/step0");
        fs::remove_all(ws.dir / "bench/step0");
        fs::create_directories(ws.dir / "npu/step0");
        fs::create_directories(ws.dir / "bench/step0");
        require_clean_failure(ws.run(), ws.written(), "npu/step0", "no rank directory");
    }
    SECTION("a stray entry in a step directory") {
        DaWorkspace ws("stray");
        write_text(ws.dir / "npu/step0/notes.txt", "x");
        require_clean_failure(ws.run(), ws.written(), "npu/step0", "notes.txt");
    }
    SECTION("different rank counts") {
        DaWorkspace ws("rank_count");
        fs::remove_all(ws.dir / "bench/step0/rank1");
        require_clean_failure(ws.run(), ws.written(), "bench/step0", "number of ranks");
    }
    SECTION("a broken dump.json in the last rank: not even the good rank's result appears") {
        DaWorkspace ws("broken");
        write_text(ws.dir / "bench/step0/rank1/dump.json", R"({"task": "statistics", "data": {"a": [1,}})");
        require_clean_failure(ws.run(), ws.written(), "bench/step0/rank1/dump.json", "malformed JSON");
    }
    SECTION("a rank without dump.json") {
        DaWorkspace ws("no_dump");
        fs::remove(ws.dir / "npu/step0/rank1/dump.json");
        require_clean_failure(ws.run(), ws.written(), "npu/step0/rank1/dump.json", "no such file");
    }
}

TEST_CASE("nan_analyze finds the first NaN/Inf and refuses bad input", "[cli][nan_analyze]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_nan");
    auto make_rank = [&](const std::string& rank, const std::string& relu_max) {
        write_text(dir / "step0" / rank / "dump.json",
                   R"({"task": "statistics", "level": "L1", "data": {"Torch.relu.0.forward": {
                       "input_args": [{"type": "torch.Tensor", "Max": 1.0, "Min": -1.0}], "input_kwargs": {},
                       "output": [{"type": "torch.Tensor", "Max": )" + relu_max + R"(, "Min": 0.0}]}}})");
        write_text(dir / "step0" / rank / "construct.json", "{}");
        write_text(dir / "step0" / rank / "stack.json", "{}");
    };
    make_rank("rank0", "1.0");
    make_rank("rank1", "Infinity");
    auto written = [&] {
        std::vector<std::string> names;
        if (fs::exists(dir / "out")) {
            for (const auto& e : fs::directory_iterator(dir / "out")) names.push_back(e.path().filename().string());
        }
        return names;
    };
    auto nan = [&](const std::string& input, const std::string& framework = "pytorch") {
        return run_msprobe({"-f", framework, "nan_analyze", "-i", input, "-o", "out"}, dir);
    };
    SECTION("good input") {
        const auto r = nan("step0");
        INFO(r.err);
        REQUIRE(r.exit_code == 0);
        const auto names = written();
        REQUIRE(names.size() == 1);
        CHECK(names[0].rfind("anomaly_analyze_", 0) == 0);
        const std::string text = msprobe::testing::read_file_text(dir / "out" / names[0]);
        CHECK(text.find("\"rank_1\"") != std::string::npos);
        CHECK(text.find("\"Max\": Infinity") != std::string::npos);
    }
    SECTION("missing input directory") {
        require_clean_failure(nan("nope"), written(), "nope", "no such directory");
    }
    SECTION("no rank directories") {
        fs::create_directories(dir / "empty");
        require_clean_failure(nan("empty"), written(), "empty", "no rank directory");
    }
    SECTION("missing construct.json") {
        fs::remove(dir / "step0/rank1/construct.json");
        require_clean_failure(nan("step0"), written(), "rank1/construct.json", "no such file");
    }
    SECTION("broken dump.json") {
        write_text(dir / "step0/rank1/dump.json", "{\"data\": ");
        require_clean_failure(nan("step0"), written(), "rank1/dump.json", "malformed JSON");
    }
    SECTION("MindSpore") {
        require_clean_failure(nan("step0", "mindspore"), written(), "nan_analyze", "-f pytorch");
    }
    fs::remove_all(dir);
}

TEST_CASE("--help documents the analysis flags", "[cli]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_help_da");
    const auto compare = run_msprobe({"-f", "pytorch", "compare", "--help"}, dir);
    CHECK(compare.exit_code == 0);
    CHECK(compare.out.find("--diff_analyze") != std::string::npos);
    const auto nan = run_msprobe({"-f", "pytorch", "nan_analyze", "--help"}, dir);
    CHECK(nan.exit_code == 0);
    CHECK(nan.out.find("--input_path") != std::string::npos);
    CHECK(nan.out.find("--output_path") != std::string::npos);
    const auto top = run_msprobe({"--help"}, dir);
    CHECK(top.out.find("nan_analyze") != std::string::npos);
    fs::remove_all(dir);
}
