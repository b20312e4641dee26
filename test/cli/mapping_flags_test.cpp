// The matching flags from the command line: -f pairs calls whose counters
// differ, -dm pairs renamed rows, and a bad mapping file stops the run with
// exit code 2 and one line naming it.
#include <catch2/catch.hpp>

#include <algorithm>

#include "msprobe_process.hpp"
#include "report/xlsx_reader.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::testing::run_msprobe;
using msprobe::testing::write_text;

namespace {

std::string relu_dump(int call) {
    return R"({"task": "statistics", "level": "L1", "framework": "pytorch", "dump_data_dir": null, "data": {
  "Functional.relu.)" + std::to_string(call) + R"(.forward": {
   "input_args": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [4],
                   "Max": 2.0, "Min": -1.0, "Mean": 0.5, "Norm": 3.0, "requires_grad": false}],
   "output": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [4],
               "Max": 2.0, "Min": 0.0, "Mean": 0.75, "Norm": 2.5, "requires_grad": false}]}}})";
}

fs::path workspace(const std::string& name) {
    const fs::path dir = msprobe::testing::scratch_dir("cli_mapping_" + name);
    write_text(dir / "compare.json", R"({"npu_path": "npu/dump.json", "bench_path": "bench/dump.json"})");
    write_text(dir / "npu/dump.json", relu_dump(3));
    write_text(dir / "bench/dump.json", relu_dump(0));
    return dir;
}

// Bench Name of every result row.
std::vector<std::string> bench_names(const fs::path& out) {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(out)) {
        if (e.path().extension() != ".xlsx") continue;
        const auto book = msprobe::report::read_xlsx(e.path().string());
        const auto& rows = book.sheets.at(0).rows;
        for (std::size_t r = 1; r < rows.size(); ++r) names.emplace_back(rows[r].at(1).text());
    }
    return names;
}

bool empty_dir(const fs::path& dir) { return !fs::exists(dir) || fs::is_empty(dir); }

}  // namespace

TEST_CASE("fuzzy flag: -f after compare pairs calls whose counters differ", "[cli][mapping]") {
    const fs::path dir = workspace("fuzzy");
    auto r = run_msprobe({"-f", "pytorch", "compare", "-i", "compare.json", "-o", "exact", "-c"}, dir);
    REQUIRE(r.exit_code == 0);
    CHECK(bench_names(dir / "exact") == std::vector<std::string>{"N/A", "N/A"});
    r = run_msprobe({"-f", "pytorch", "compare", "-i", "compare.json", "-o", "fuzzy", "-c", "-f"}, dir);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(bench_names(dir / "fuzzy") ==
          std::vector<std::string>{"Functional.relu.0.forward.input.0", "Functional.relu.0.forward.output.0"});
}

TEST_CASE("data mapping flag: -dm pairs the rows the yaml names", "[cli][mapping]") {
    const fs::path dir = workspace("dm");
    write_text(dir / "map.yaml", "Functional.relu.3.forward.output.0: Functional.relu.0.forward.output.0\n");
    const auto r = run_msprobe({"-f", "pytorch", "compare", "-i", "compare.json", "-o", "out", "-c", "-dm", "map.yaml"},
                               dir);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(bench_names(dir / "out") == std::vector<std::string>{"N/A", "Functional.relu.0.forward.output.0"});
}

TEST_CASE("a bad mapping file: exit 2, one line naming it, nothing written", "[cli][mapping]") {
    const fs::path dir = workspace("bad_yaml");
    write_text(dir / "broken.yaml", "a: [1, 2\nb: c\n");
    write_text(dir / "list.yaml", "- a\n- b\n");
    struct Case {
        std::vector<std::string> flags;
        std::string file, reason;
    };
    const Case cases[] = {
        {{"-f", "pytorch", "compare", "-i", "compare.json", "-o", "out", "-dm", "broken.yaml"}, "broken.yaml",
         "not valid YAML"},
        {{"-f", "pytorch", "compare", "-i", "compare.json", "-o", "out", "-dm", "list.yaml"}, "list.yaml",
         "expected a mapping"},
        {{"-f", "pytorch", "compare", "-i", "compare.json", "-o", "out", "-dm", "missing.yaml"}, "missing.yaml",
         "no such file"},
        {{"-f", "mindspore", "compare", "-i", "compare.json", "-o", "out", "-am", "broken.yaml"}, "broken.yaml",
         "not valid YAML"},
        {{"-f", "mindspore", "compare", "-i", "compare.json", "-o", "out", "-cm", "broken.yaml"}, "broken.yaml",
         "not valid YAML"},
        {{"-f", "mindspore", "compare", "-i", "compare.json", "-o", "out", "-lm", "broken.yaml"}, "broken.yaml",
         "not valid YAML"},
    };
    for (const auto& c : cases) {
        const auto r = run_msprobe(c.flags, dir);
        INFO(c.flags.back() << " stderr: " << r.err);
        CHECK(r.exit_code == 2);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK(r.err.find(c.file) != std::string::npos);
        CHECK(r.err.find(c.reason) != std::string::npos);
        CHECK(empty_dir(dir / "out"));
    }
}

TEST_CASE("PyTorch refuses -am and -cm and ignores -lm", "[cli][mapping]") {
    const fs::path dir = workspace("pytorch_flags");
    for (const char* flag : {"-am", "-cm"}) {
        const auto r = run_msprobe({"-f", "pytorch", "compare", "-i", "compare.json", "-o", "out", flag}, dir);
        CHECK(r.exit_code == 2);
        CHECK(r.err.find("Argument -cm or -am is not supported in PyTorch framework") != std::string::npos);
        CHECK(empty_dir(dir / "out"));
    }
    const auto r = run_msprobe({"-f", "pytorch", "compare", "-i", "compare.json", "-o", "out", "-c", "-lm"}, dir);
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(bench_names(dir / "out") == std::vector<std::string>{"N/A", "N/A"});
}
