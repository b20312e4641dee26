// Hostile structured input through every reader that parses it: nesting far
// beyond anything msprobe writes, and keys given twice. Each ends in exit 2,
// one line on stderr naming the file and the reason, and nothing written.
#include <catch2/catch.hpp>

#include <algorithm>

#include "bad_input_checks.hpp"
#include "msprobe_process.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::testing::ProcessResult;
using msprobe::testing::run_msprobe;
using msprobe::testing::write_text;

namespace {

std::string relu_entry(const std::string& input_args) {
    return R"("Functional.relu.0.forward": {"input_args": )" + input_args + R"(, "input_kwargs": {},
   "output": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2],
               "Max": 1.5, "Min": 0.0, "Mean": 0.5, "Norm": 2.0, "requires_grad": false}]})";
}

const std::string kTensorArgs = R"([{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2],
   "Max": 1.5, "Min": -1.0, "Mean": 0.25, "Norm": 2.0, "requires_grad": false}])";

std::string dump_with(const std::string& entries) {
    return R"({"task": "statistics", "level": "L1", "framework": "pytorch", "dump_data_dir": null, "data": {)" +
           entries + "}}";
}

const std::string kGoodDump = dump_with(relu_entry(kTensorArgs));

std::string nested_list(std::size_t depth) { return std::string(depth, '[') + "1" + std::string(depth, ']'); }

const std::string kUnclosed = std::string(1'000'000, '[');

// A step directory per side (rank0, rank1) with dump.json, stack.json and construct.json.
struct Workspace {
    fs::path dir;
    explicit Workspace(const std::string& name) : dir(msprobe::testing::scratch_dir("cli_hostile_json_" + name)) {
        write_text(dir / "compare.json", R"({"npu_path": "npu/step0/rank0/dump.json",
                                             "bench_path": "bench/step0/rank0/dump.json"})");
        write_text(dir / "steps.json", R"({"npu_path": "npu/step0", "bench_path": "bench/step0"})");
        for (const char* side : {"npu", "bench"}) {
            for (const char* rank : {"rank0", "rank1"}) {
                const auto rank_dir = dir / side / "step0" / rank;
                write_text(rank_dir / "dump.json", kGoodDump);
                write_text(rank_dir / "stack.json",
                           R"J({"0": [["Functional.relu.0.forward"], ["File a.py, line 1, in f, \n relu(x)"]]})J");
                write_text(rank_dir / "construct.json", R"({"Functional.relu.0.forward": null})");
            }
        }
    }
    fs::path npu(const std::string& file) const { return dir / "npu/step0/rank0" / file; }
    ProcessResult run(std::vector<std::string> args) const {
        args.insert(args.end(), {"-o", "out"});
        return run_msprobe(args, dir);
    }
    ProcessResult compare(const std::vector<std::string>& extra = {}) const {
        std::vector<std::string> args{"-f", "pytorch", "compare", "-i", "compare.json"};
        args.insert(args.end(), extra.begin(), extra.end());
        return run(args);
    }
    ProcessResult compare_all_ranks() const { return run({"-f", "pytorch", "compare", "-i", "steps.json", "-da"}); }
    ProcessResult parse(const std::string& file) const {
        return run_msprobe({"parse", npu(file).string(), "--api", "Functional.relu.0.forward"}, dir);
    }
    ProcessResult overflow_check() const { return run({"overflow_check", "-i", npu("dump.json").string()}); }
    ProcessResult nan_analyze() const { return run({"-f", "pytorch", "nan_analyze", "-i", "npu/step0"}); }
    bool wrote_nothing() const { return !fs::exists(dir / "out"); }
};

void require_refusal(const Workspace& ws, const ProcessResult& r, const std::string& file,
                     const std::string& reason) {
    msprobe::testing::require_one_line_error(r, {file, reason});
    CHECK(ws.wrote_nothing());
}

const std::string kTooDeep = "nested deeper than 1000 levels";

}  // namespace

TEST_CASE("hostile JSON: the workspace itself is good input", "[cli][hostile]") {
    Workspace ws("good");
    for (const auto& r : {ws.compare({"-s"}), ws.compare_all_ranks(), ws.parse("dump.json"), ws.overflow_check()}) {
        INFO(r.err);
        CHECK(r.exit_code == 0);
    }
}

TEST_CASE("hostile JSON: a million unclosed brackets in dump.json, every reader", "[cli][hostile]") {
    Workspace ws("unclosed");
    write_text(ws.npu("dump.json"), kUnclosed);
    const std::string file = "npu/step0/rank0/dump.json";
    require_refusal(ws, ws.compare(), file, kTooDeep);
    require_refusal(ws, ws.compare_all_ranks(), file, kTooDeep);
    require_refusal(ws, ws.parse("dump.json"), file, kTooDeep);
    require_refusal(ws, ws.overflow_check(), file, kTooDeep);
    require_refusal(ws, ws.nan_analyze(), file, kTooDeep);
}

TEST_CASE("hostile JSON: a well-formed dump.json whose input nests 50,000 deep", "[cli][hostile]") {
    Workspace ws("deep_input");
    write_text(ws.npu("dump.json"), dump_with(relu_entry(nested_list(50'000))));
    const std::string file = "npu/step0/rank0/dump.json";
    require_refusal(ws, ws.compare(), file, kTooDeep);
    require_refusal(ws, ws.compare_all_ranks(), file, kTooDeep);
    require_refusal(ws, ws.parse("dump.json"), file, kTooDeep);
}

TEST_CASE("hostile JSON: stack.json and construct.json nested 100,000 deep", "[cli][hostile]") {
    Workspace ws("deep_stack");
    const std::string deep_stack = R"({"0": [["Functional.relu.0.forward"], )" + nested_list(100'000) + "]}";
    write_text(ws.npu("stack.json"), deep_stack);
    require_refusal(ws, ws.compare({"-s"}), "npu/step0/rank0/stack.json", kTooDeep);
    require_refusal(ws, ws.parse("dump.json"), "npu/step0/rank0/stack.json", kTooDeep);
    require_refusal(ws, ws.parse("stack.json"), "npu/step0/rank0/stack.json", kTooDeep);
    // 10,000 levels used to become a 200 MB anomaly file.
    write_text(ws.npu("stack.json"), R"({"0": [["Functional.relu.0.forward"], )" + nested_list(10'000) + "]}");
    write_text(ws.npu("dump.json"), dump_with(relu_entry(R"([{"type": "torch.Tensor", "Max": Infinity}])")));
    require_refusal(ws, ws.nan_analyze(), "npu/step0/rank0/stack.json", kTooDeep);

    Workspace construct("deep_construct");
    write_text(construct.npu("construct.json"),
               R"({"Functional.relu.0.forward": )" + nested_list(100'000) + "}");
    require_refusal(construct, construct.nan_analyze(), "npu/step0/rank0/construct.json", kTooDeep);
    require_refusal(construct, construct.parse("dump.json"), "npu/step0/rank0/construct.json", kTooDeep);
}

TEST_CASE("hostile JSON: a ptdbg .pkl line nested 100,000 deep", "[cli][hostile]") {
    Workspace ws("deep_pkl");
    const std::string record =
        R"(["Torch_relu_0_forward_input.0", 1, [], "torch.float32", [2], )" + nested_list(100'000) + "]\n";
    write_text(ws.dir / "npu/dump.pkl", record);
    write_text(ws.dir / "bench/dump.pkl", record);
    fs::create_directories(ws.dir / "npu/dump");
    fs::create_directories(ws.dir / "bench/dump");
    write_text(ws.dir / "pkl.json", R"({"npu_pkl_path": "npu/dump.pkl", "bench_pkl_path": "bench/dump.pkl",
                                        "npu_dump_data_dir": "npu/dump", "bench_dump_data_dir": "bench/dump"})");
    require_refusal(ws, ws.run({"-f", "pytorch", "compare", "-i", "pkl.json"}), "npu/dump.pkl", kTooDeep);
    const auto r = run_msprobe({"parse", "npu/dump.pkl", "--api", "Torch_relu_0_forward"}, ws.dir);
    require_refusal(ws, r, "npu/dump.pkl", kTooDeep);
}

TEST_CASE("hostile JSON: compare.json and a mapping yaml nested 100,000 deep", "[cli][hostile]") {
    Workspace ws("deep_config");
    write_text(ws.dir / "deep.json", R"({"npu_path": )" + nested_list(100'000) + "}");
    require_refusal(ws, ws.run({"-f", "pytorch", "compare", "-i", "deep.json"}), "deep.json", kTooDeep);
    write_text(ws.dir / "map.yaml", "a: " + nested_list(100'000) + "\n");
    require_refusal(ws, ws.compare({"-dm", "map.yaml"}), "map.yaml",
                    "nested deeper than 500 levels (yaml-cpp's limit)");
}

TEST_CASE("hostile JSON: a key given twice is refused by name", "[cli][hostile]") {
    Workspace ws("duplicate_keys");
    // Python's json keeps the second "data" (one row); the first would give none.
    write_text(ws.npu("dump.json"), R"({"data": {}, )" + kGoodDump.substr(1));
    require_refusal(ws, ws.compare({"--fail-on", "error"}), "npu/step0/rank0/dump.json",
                    "the key \"data\" appears twice");
    write_text(ws.npu("dump.json"), dump_with(relu_entry(kTensorArgs) + ", " + relu_entry("[]")));
    require_refusal(ws, ws.compare(), "npu/step0/rank0/dump.json",
                    "the key \"Functional.relu.0.forward\" appears twice in [\"data\"]");
    require_refusal(ws, ws.parse("dump.json"), "npu/step0/rank0/dump.json", "appears twice");
}
