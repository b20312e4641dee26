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

TEST_CASE("graph --html: a page beside the database, and a folder as the page refused before anything runs",
          "[cli][graph][html]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_graph_html");
    write_rank(dir / "npu", R"({"Torch.relu.0.forward": null})");
    write_rank(dir / "bench", R"({"Torch.relu.0.forward": null})");
    write_text(dir / "input.json", R"({"npu_path": "npu", "bench_path": "bench"})");
    const auto r =
        run_msprobe({"-f", "pytorch", "graph", "-i", "input.json", "-o", "out", "--html", "out/graph.html"}, dir);
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(fs::file_size(dir / "out" / "graph.html") > 0);
    CHECK(msprobe::testing::output_named(dir / "out", "compare_").extension() == ".db");

    fs::create_directories(dir / "a_dir");
    require_one_line_error(
        run_msprobe({"-f", "pytorch", "graph", "-i", "input.json", "-o", "refused", "--html", "a_dir"}, dir),
        {"a_dir", "not a directory"});
    CHECK_FALSE(fs::exists(dir / "refused"));
    CHECK(fs::is_empty(dir / "a_dir"));
}
