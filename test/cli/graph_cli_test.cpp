// The graph subcommand through the binary: its spellings, the database it
// writes, and the one-line refusals.
#include <catch2/catch.hpp>

#include "bad_input_checks.hpp"
#include "msprobe_process.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::testing::require_one_line_error;
using msprobe::testing::run_msprobe;
using msprobe::testing::write_text;

namespace {

// A rank folder with one top-level API; `construct` is construct.json's text.
void write_rank(const fs::path& dir, const std::string& construct) {
    write_text(dir / "dump.json", R"({"task": "statistics", "level": "mix", "framework": "pytorch", "dump_data_dir": null,
"data": {"Torch.relu.0.forward": {"input_args": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2],
"Max": 1.0, "Min": 0.0, "Mean": 0.5, "Norm": 1.0, "requires_grad": false}], "input_kwargs": {}, "output": []}}})");
    write_text(dir / "construct.json", construct);
    write_text(dir / "stack.json", "{}");
}

}  // namespace

TEST_CASE("graph through the binary: -oc, -f and -lm parse, one database is written", "[cli][graph]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_graph");
    write_rank(dir / "npu", R"({"Torch.relu.0.forward": null})");
    write_rank(dir / "bench", R"({"Torch.relu.0.forward": null})");
    write_text(dir / "input.json", R"({"npu_path": "npu", "bench_path": "bench"})");
    const auto r = run_msprobe({"-f", "pytorch", "graph", "-i", "input.json", "-o", "out", "-oc", "-f", "-lm"}, dir);
    INFO(r.err);
    CHECK(r.exit_code == 0);
    const auto db = msprobe::testing::output_named(dir / "out", "compare_");
    CHECK(db.extension() == ".db");
}

TEST_CASE("graph refuses an L1 dump and a symbolic-link output folder in one line", "[cli][graph]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_graph_refusals");
    write_rank(dir / "npu", "{}");
    write_text(dir / "input.json", R"({"npu_path": "npu"})");
    require_one_line_error(run_msprobe({"-f", "pytorch", "graph", "-i", "input.json", "-o", "out"}, dir),
                           {"npu/construct.json", "the content is empty"});
    CHECK_FALSE(fs::exists(dir / "out"));
    fs::create_directories(dir / "elsewhere");
    fs::create_directory_symlink("elsewhere", dir / "link");
    require_one_line_error(run_msprobe({"-f", "pytorch", "graph", "-i", "input.json", "-o", "link"}, dir),
                           {"symbolic link"});
}

TEST_CASE("graph refuses a bad parallel_merge in one line and writes nothing", "[cli][graph]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_graph_parallel_merge");
    write_rank(dir / "npu" / "rank0", R"({"Torch.relu.0.forward": null})");
    write_rank(dir / "npu" / "rank1", R"({"Torch.relu.0.forward": null})");
    write_rank(dir / "bench" / "rank0", R"({"Torch.relu.0.forward": null})");
    write_rank(dir / "bench" / "rank1", R"({"Torch.relu.0.forward": null})");
    const auto refused = [&](const std::string& merge, const std::vector<std::string>& parts, bool compare = false) {
        write_text(dir / "input.json", std::string(R"({"npu_path": "npu", )") +
                                           (compare ? R"("bench_path": "bench", )" : "") + R"("parallel_merge": )" +
                                           merge + "}");
        require_one_line_error(run_msprobe({"-f", "pytorch", "graph", "-i", "input.json", "-o", "out"}, dir), parts);
        CHECK_FALSE(fs::exists(dir / "out"));
    };
    refused(R"({"npu": {"rank_size": 4, "tp": 2, "pp": 1}})", {"input.json", "'rank_size' is 4", "2 rank folders"});
    refused(R"({"npu": {"rank_size": 2, "tp": true, "pp": 1}})", {"input.json", "'tp' must be an integer"});
    refused(R"({"npu": {"rank_size": 2, "pp": 1}})", {"'tp' is missing"});
    refused(R"({"npu": {"rank_size": 2, "tp": 0, "pp": 1}})", {"'tp' must be greater than 0"});
    refused(R"({"npu": {"rank_size": 2, "tp": 2, "pp": 2}})", {"'tp' * 'pp' is greater than 'rank_size'"});
    refused(R"({"npu": {"rank_size": 2, "tp": 2, "pp": 1, "vpp": 2}})", {"'vpp' greater than 1 needs 'pp'"});
    refused(R"({"npu": {"rank_size": 2, "tp": 1, "pp": 2, "vpp": 2}})", {"only TP or PP merges are provided"});
    refused(R"({"npu": {"rank_size": 2, "tp": 2, "pp": 1, "order": "TP-PP"}})", {"'order'"});
    refused(R"({"npu": {"rank_size": 2, "tp": 2, "pp": 1}})", {"needs a 'bench' entry"}, true);
}
