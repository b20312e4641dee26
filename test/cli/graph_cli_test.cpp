// The graph subcommand through the binary: its spellings, the database it
// writes, and the one-line refusals.
#include <catch2/catch.hpp>

#include <algorithm>
#include <ctime>
#include <string>
#include <vector>

#include "bad_input_checks.hpp"
#include "graph/vis_db_query.hpp"
#include "msprobe_process.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::testing::require_one_line_error;
using msprobe::testing::run_msprobe;
using msprobe::testing::write_text;

namespace {

// A rank folder with one top-level API; `construct` is construct.json's text.
void write_rank(const fs::path& dir, const std::string& construct) {
    write_text(dir / "dump.json",
               R"({"task": "statistics", "level": "mix", "framework": "pytorch", "dump_data_dir": null,
"data": {"Torch.relu.0.forward": {"input_args": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2],
"Max": 1.0, "Min": 0.0, "Mean": 0.5, "Norm": 1.0, "requires_grad": false}], "input_kwargs": {}, "output": []}}})");
    write_text(dir / "construct.json", construct);
    write_text(dir / "stack.json", "{}");
}

// npu/ and bench/ with rank0 and rank1 each.
void write_two_ranks_a_side(const fs::path& dir) {
    for (const char* side : {"npu", "bench"}) {
        for (const char* rank : {"rank0", "rank1"}) write_rank(dir / side / rank, R"({"Torch.relu.0.forward": null})");
    }
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
    // The summary: the nodes of the one graph by colour (two nodes: the root and the relu), and the database.
    CHECK(r.out.find("Compared 2 nodes in 1 graph(s): ") != std::string::npos);
    CHECK(r.out.ends_with("Written:\n  out/" + db.filename().string() + "\n"));
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

TEST_CASE("graph: a dump.json entry of the wrong shape is refused when the graph takes it, and only then",
          "[cli][graph]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_graph_bad_record");
    const auto write_dump = [&](const std::string& entries) {
        write_text(dir / "npu" / "dump.json",
                   R"({"task": "statistics", "level": "mix", "framework": "pytorch", "data": {)" + entries + "}}");
    };
    write_rank(dir / "npu", R"({"Torch.relu.0.forward": null})");
    write_text(dir / "input.json", R"({"npu_path": "npu"})");
    const std::string relu =
        R"("Torch.relu.0.forward": {"input_args": [{"type": "torch.Tensor", "dtype": "torch.float32",
"shape": [2], "Max": 1.0, "Min": 0.0, "Mean": 0.5, "Norm": 1.0, "requires_grad": false}], "output": []})";
    const std::string bad_shape = R"({"input_args": [{"type": "torch.Tensor", "shape": 2}]})";

    // construct.json does not name it: msprobe never reads it, nor do we.
    write_dump(relu + R"(, "Torch.gelu.0.forward": )" + bad_shape);
    const auto unnamed = run_msprobe({"-f", "pytorch", "graph", "-i", "input.json", "-o", "unnamed"}, dir);
    INFO(unnamed.err);
    CHECK(unnamed.exit_code == 0);

    write_dump(R"("Torch.relu.0.forward": )" + bad_shape);
    require_one_line_error(run_msprobe({"-f", "pytorch", "graph", "-i", "input.json", "-o", "named"}, dir),
                           {"npu/dump.json", "Torch.relu.0.forward.input.0: 'shape' is not an array"});
    CHECK_FALSE(fs::exists(dir / "named"));

    write_text(dir / "npu" / "dump.json", R"({"task": "statistics", "data": {"Torch.relu.0.forward": {]}})");
    require_one_line_error(run_msprobe({"-f", "pytorch", "graph", "-i", "input.json", "-o", "malformed"}, dir),
                           {"npu/dump.json", "malformed JSON"});
    write_text(dir / "npu" / "dump.json", R"({"task": "statistics", "data": []})");
    require_one_line_error(run_msprobe({"-f", "pytorch", "graph", "-i", "input.json", "-o", "malformed"}, dir),
                           {"npu/dump.json", "'data' is missing or not an object"});
    CHECK_FALSE(fs::exists(dir / "malformed"));
}

TEST_CASE("graph refuses a bad parallel_merge in one line and writes nothing", "[cli][graph]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_graph_parallel_merge");
    write_two_ranks_a_side(dir);
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
    refused(R"({"npu": {"rank_size": 2, "tp": 2, "pp": 1, "order": "TP-PP"}})", {"'order'"});
    refused(R"({"npu": {"rank_size": 2, "tp": 2, "pp": 1}})", {"needs a 'bench' entry"}, true);
}

TEST_CASE("graph_visualize: August's line builds and compares, and refuses in one line", "[cli][graph]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_graph_visualize");
    write_two_ranks_a_side(dir);

    const auto built = run_msprobe({"graph_visualize", "-tp", "npu", "-o", "built", "-progress_log"}, dir);
    INFO(built.err);
    CHECK(built.exit_code == 0);
    CHECK(built.out.find(R"(PROGRESS: {"current_progress": 100, "process_running": false, "error_msg": []})") !=
          std::string::npos);
    const auto db = msprobe::testing::output_named(dir / "built", "build_");
    CHECK(db.extension() == ".db");
    CHECK(built.out.find("Built ") != std::string::npos);
    CHECK(built.out.ends_with("Written:\n  built/" + db.filename().string() + "\n"));
    const auto compared = run_msprobe({"graph_visualize", "-tp", "npu", "-gp", "bench", "-o", "compared", "-fm", "-oc",
                                       "--rank_size", "2", "2", "--tp", "2", "2", "--pp", "1", "1"},
                                      dir);
    INFO(compared.err);
    CHECK(compared.exit_code == 0);
    CHECK_FALSE(msprobe::testing::output_named(dir / "compared", "compare_").empty());

    using Case = std::pair<std::vector<std::string>, std::vector<std::string>>;
    const std::vector<Case> refusals = {
        {{"graph_visualize", "-tp", "npu", "-o", "x", "--rank_size", "2", "--tp", "2"}, {"--rank_size, --tp and --pp"}},
        {{"graph_visualize", "-tp", "npu", "-gp", "bench", "-o", "x", "--rank_size", "2", "--tp", "2", "--pp", "1"},
         {"2 value(s) each"}},
        {{"graph_visualize", "-tp", "npu", "-o", "x", "--rank_size", "2", "--tp", "2", "--pp", "2"},
         {"'tp' * 'pp' is greater than 'rank_size'"}},
        {{"graph_visualize", "-tp", "npu", "-o", "x", "--rank_size", "4", "--tp", "4", "--pp", "1"},
         {"'rank_size' is 4", "2 rank folders"}},
        {{"graph_visualize", "-tp", "npu", "-gp", "bench", "-o", "x", "--file_type", "json"},
         {"The --file_type json parameter is not supported in graph comparison mode. Please remove the "
          "-gp/--golden_path parameter or use --file_type db."}},
        {{"graph_visualize", "-tp", "npu", "-o", "x", "--rank_size", "2", "--tp", "2", "--pp", "1", "--file_type",
          "json", "--html", "page.html"},
         {"--html", "not with --file_type json"}},
        {{"graph_visualize", "-tp", "npu/rank0", "-o", "x", "--rank_size", "1", "--tp", "1", "--pp", "1", "--file_type",
          "json"},
         {"npu/rank0", "the \"-tp\" parameter must pass in multiple rank data"}},
        {{"graph_visualize", "-tp", "nowhere", "-o", "x"}, {"nowhere"}},
        {{"graph_visualize", "-tp", "npu"}, {"--output_path"}},
    };
    for (const auto& [args, parts] : refusals) {
        require_one_line_error(run_msprobe(args, dir), parts);
        CHECK_FALSE(fs::exists(dir / "x"));
    }
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

TEST_CASE("graph warns of construct.json names it takes for modules, graph_visualize knows DefaultModel",
          "[cli][graph]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_graph_unknown_names");
    // The root's name as a parent, and a name no pattern knows.
    write_rank(dir / "npu", R"({"Wrapper": null, "Torch.relu.0.forward": "DefaultModel"})");
    write_text(dir / "input.json", R"({"npu_path": "npu"})");
    const auto count = [](const std::string& text, const std::string& part) {
        std::size_t n = 0;
        for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
        return n;
    };
    const auto april = run_msprobe({"-f", "pytorch", "graph", "-i", "input.json", "-o", "april"}, dir);
    INFO(april.err);
    CHECK(april.exit_code == 0);
    CHECK(count(april.out, "[WARNING] Cannot parse node_name DefaultModel into NodeOp, default parsing as module.") ==
          1);
    CHECK(count(april.out, "[WARNING] Cannot parse node_name Wrapper into NodeOp, default parsing as module.") == 1);

    const auto august = run_msprobe({"graph_visualize", "-tp", "npu", "-o", "august"}, dir);
    INFO(august.err);
    CHECK(august.exit_code == 0);
    CHECK(count(august.out, "Cannot parse node_name") == 0);  // a debug line since August
}

TEST_CASE("graph_visualize through the binary: a proc folder is rank 0, two of them are refused", "[cli][graph]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_graph_visualize_proc");
    write_rank(dir / "npu" / "proc31", R"({"Torch.relu.0.forward": null})");
    const auto built = run_msprobe({"graph_visualize", "-tp", "npu", "-o", "built"}, dir);
    INFO(built.err);
    CHECK(built.exit_code == 0);
    CHECK_FALSE(msprobe::testing::output_named(dir / "built", "build_").empty());

    write_rank(dir / "npu" / "proc32", R"({"Torch.relu.0.forward": null})");
    require_one_line_error(run_msprobe({"graph_visualize", "-tp", "npu", "-o", "x"}, dir),
                           {"npu", "no rank folder and several proc<number> folders"});
    CHECK_FALSE(fs::exists(dir / "x"));
}

namespace {

// msprobe with a file-size limit of `kib` KiB, set in the shell that runs it;
// stderr is a file too, so the limit leaves room for the error line.
msprobe::testing::ProcessResult run_with_file_limit(const fs::path& cwd, int kib,
                                                    const std::vector<std::string>& args) {
    return run_msprobe(args, cwd, nullptr, "ulimit -f " + std::to_string(kib) + " && ");
}

// A construct.json of `depth` nested modules, as text.
std::string chain_construct(std::size_t depth) {
    std::string text = R"({"Torch.relu.0.forward": null)";
    for (std::size_t level = 0; level < depth; ++level) {
        text += ", \"Module.l" + std::to_string(level) + ".L.forward.0\": ";
        text += level == 0 ? "null" : "\"Module.l" + std::to_string(level - 1) + ".L.forward.0\"";
    }
    return text + "}";
}

}  // namespace

TEST_CASE("graph_visualize builds a chain of 400 000 nested modules", "[cli][graph][depth]") {
    // Far beyond what a recursive walk survives on the binary's 8 MB stack; graph's
    // rules build the same depth in test/graph/graph_depth_test.cpp.
    const fs::path dir = msprobe::testing::scratch_dir("cli_graph_deep");
    write_rank(dir / "npu", chain_construct(400000));
    const auto august = run_msprobe({"graph_visualize", "-tp", "npu", "-o", "august"}, dir);
    INFO(august.err);
    CHECK(august.exit_code == 0);
    // Some hundred bytes a node: all 400 000 rows are there (test/graph counts them).
    CHECK(fs::file_size(msprobe::testing::output_named(dir / "august", "build_")) > 400000 * 100);
}

TEST_CASE("graph and graph_visualize refuse a module that is its own ancestor in one line", "[cli][graph]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_graph_cycle");
    write_text(dir / "input.json", R"({"npu_path": "npu"})");
    const std::vector<std::pair<std::string, std::string>> cycles = {
        {R"({"Module.a.A.forward.0": "Module.a.A.forward.0", "Torch.relu.0.forward": null})",
         "'Module.a.A.forward.0' is its own parent"},
        {R"({"Module.a.A.forward.0": "Module.b.B.forward.0", "Module.b.B.forward.0": "Module.a.A.forward.0",
             "Torch.relu.0.forward": "Module.a.A.forward.0"})",
         "is its own ancestor (2 nodes form a cycle)"},
    };
    for (const auto& [construct, reason] : cycles) {
        write_rank(dir / "npu", construct);
        require_one_line_error(run_msprobe({"-f", "pytorch", "graph", "-i", "input.json", "-o", "out"}, dir),
                               {"npu/construct.json", reason});
        require_one_line_error(run_msprobe({"graph_visualize", "-tp", "npu", "-o", "out"}, dir),
                               {"npu/construct.json", reason});
        CHECK_FALSE(fs::exists(dir / "out"));
    }
}

TEST_CASE(
    "graph_visualize refuses merge options given without --rank_size, which --strict_compat ignores as msprobe does",
    "[cli][graph]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_graph_visualize_merge_options");
    write_two_ranks_a_side(dir);
    const std::vector<std::pair<std::vector<std::string>, std::string>> refused = {
        {{"--tp", "0"}, "--tp"}, {{"--pp", "2"}, "--pp"}, {{"--vpp", "-1"}, "--vpp"}, {{"--order", "x"}, "--order"}};
    for (const auto& [options, named] : refused) {
        std::vector<std::string> args = {"graph_visualize", "-tp", "npu", "-o", "x"};
        args.insert(args.end(), options.begin(), options.end());
        require_one_line_error(run_msprobe(args, dir), {named, "needs --rank_size"});
        CHECK_FALSE(fs::exists(dir / "x"));
        args.push_back("--strict_compat");
        const auto compat = run_msprobe(args, dir);
        INFO(compat.err);
        CHECK(compat.exit_code == 0);
        CHECK((compat.out + compat.err).find(named + " is ignored without --rank_size") != std::string::npos);
        fs::remove_all(dir / "x");
    }
    // With --rank_size the values are checked as input.json's are.
    require_one_line_error(run_msprobe({"graph_visualize", "-tp", "npu", "-o", "x", "--rank_size", "2", "--tp", "2",
                                        "--pp", "1", "--order", "TP-PP"},
                                       dir),
                           {"'order' must be a text of lower-case letters"});
}

TEST_CASE("two graph runs landing on one name keep both databases and say which one they wrote", "[cli][graph]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_graph_same_name");
    write_rank(dir / "npu", R"({"Torch.relu.0.forward": null})");
    write_text(dir / "input.json", R"({"npu_path": "npu"})");
    // Every name the run could take in the next seconds is taken already.
    fs::create_directories(dir / "out");
    const std::time_t now = std::time(nullptr);
    for (std::time_t t = now; t < now + 30; ++t) {
        std::tm local{};
        localtime_r(&t, &local);
        char stamp[16];
        std::strftime(stamp, sizeof stamp, "%Y%m%d%H%M%S", &local);
        write_text(dir / "out" / (std::string("build_") + stamp + ".vis.db"), "taken");
    }
    for (const auto& args :
         std::vector<std::vector<std::string>>{{"-f", "pytorch", "graph", "-i", "input.json", "-o", "out"},
                                               {"graph_visualize", "-tp", "npu", "-o", "out"}}) {
        const auto r = run_msprobe(args, dir);
        INFO(r.err);
        REQUIRE(r.exit_code == 0);
        const std::string log = r.out + r.err;
        const auto at = log.find("the result file is saved in ");
        REQUIRE(at != std::string::npos);
        const fs::path written = dir / log.substr(at + 28, log.find('\n', at) - at - 28);
        CHECK(written.filename().string().find("_1.vis.db") != std::string::npos);
        CHECK(fs::file_size(written) > 5);
        fs::remove(written);
    }
    for (const auto& entry : fs::directory_iterator(dir / "out")) {
        CHECK(msprobe::testing::read_file_text(entry.path()) == "taken");
    }
}

TEST_CASE("graph and graph_visualize under a file-size limit: one line naming the database, no folder",
          "[cli][graph]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_graph_file_limit");
    write_rank(dir / "npu", R"({"Torch.relu.0.forward": null})");
    write_text(dir / "input.json", R"({"npu_path": "npu"})");
    for (const auto& args :
         std::vector<std::vector<std::string>>{{"-f", "pytorch", "graph", "-i", "input.json", "-o", "out"},
                                               {"graph_visualize", "-tp", "npu", "-o", "out", "--html", "page.html"}}) {
        // 1 KiB: the error line fits, a database page (4 KiB) does not.
        const auto r = run_with_file_limit(dir, 1, args);
        require_one_line_error(r, {"out/build_", ".vis.db", "cannot write the database"});
        CHECK_FALSE(fs::exists(dir / "out"));
        CHECK_FALSE(fs::exists(dir / "page.html"));
    }
}

TEST_CASE("graph and graph_visualize --html naming one of the run's inputs: refused, the input untouched",
          "[cli][graph][html]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_graph_html_input");
    write_two_ranks_a_side(dir);
    write_text(dir / "input.json", R"({"npu_path": "npu", "bench_path": "bench"})");
    const std::vector<std::vector<std::string>> runs{
        {"-f", "pytorch", "graph", "-i", "input.json", "-o", "out", "--html"},
        {"graph_visualize", "-tp", "npu", "-gp", "bench", "-o", "out", "--html"},
    };
    for (const auto& run : runs) {
        for (const std::string input :
             {"input.json", "npu/rank0/dump.json", "npu/rank1/construct.json", "bench/rank0/stack.json", "out"}) {
            if (input == "input.json" && run.front() == "graph_visualize") continue;  // not read by graph_visualize
            CAPTURE(run.front(), input);
            const bool is_file = input != "out";
            const std::string before = is_file ? msprobe::testing::read_file_text(dir / input) : "";
            auto args = run;
            args.push_back(input);
            const auto r = run_msprobe(args, dir);
            CHECK(r.exit_code != 0);
            CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
            CHECK(r.err.find(input) != std::string::npos);
            if (is_file) CHECK(msprobe::testing::read_file_text(dir / input) == before);
            CHECK_FALSE(fs::exists(dir / "out"));
        }
    }
}

TEST_CASE("graph_visualize merges each side with its own layout: four ranks against two, and against one",
          "[cli][graph]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_graph_visualize_layouts");
    for (int r = 0; r < 4; ++r)
        write_rank(dir / "npu" / ("rank" + std::to_string(r)), R"({"Torch.relu.0.forward": null})");
    for (int r = 0; r < 2; ++r)
        write_rank(dir / "two" / ("rank" + std::to_string(r)), R"({"Torch.relu.0.forward": null})");
    write_rank(dir / "one" / "rank0", R"({"Torch.relu.0.forward": null})");
    for (const auto& [bench, size] : std::vector<std::pair<std::string, std::string>>{{"two", "2"}, {"one", "1"}}) {
        const auto r = run_msprobe({"graph_visualize", "-tp", "npu", "-gp", bench, "-o", "out_" + bench, "--rank_size",
                                    "4", size, "--tp", "4", size, "--pp", "1", "1"},
                                   dir);
        INFO(r.err);
        CHECK(r.exit_code == 0);
        const auto db = msprobe::testing::output_named(dir / ("out_" + bench), "compare_");
        CHECK(
            msprobe::testing::query_rows(db, "SELECT DISTINCT rank, data_source FROM tb_nodes ORDER BY data_source") ==
            std::vector<std::vector<std::string>>{{"rank", "data_source"}, {"0", "Bench"}, {"0", "NPU"}});
    }
    // Each side's rank_size counts that side's rank folders; the message names the side and its folder.
    require_one_line_error(run_msprobe({"graph_visualize", "-tp", "npu", "-gp", "two", "-o", "x", "--rank_size", "4",
                                        "4", "--tp", "4", "4", "--pp", "1", "1"},
                                       dir),
                           {"parallel_merge.bench: 'rank_size' is 4, but two has 2 rank folders"});
    require_one_line_error(run_msprobe({"graph_visualize", "-tp", "npu", "-gp", "two", "-o", "x", "--rank_size", "2",
                                        "2", "--tp", "2", "2", "--pp", "1", "1"},
                                       dir),
                           {"parallel_merge: 'rank_size' is 2, but npu has 4 rank folders"});
    // Sides merging into different numbers of graphs cannot be paired.
    require_one_line_error(run_msprobe({"graph_visualize", "-tp", "npu", "-gp", "two", "-o", "x", "--rank_size", "4",
                                        "2", "--tp", "2", "2", "--pp", "1", "1"},
                                       dir),
                           {"npu_path merges into 2 graphs, bench_path into 1"});
    CHECK_FALSE(fs::exists(dir / "x"));
}

TEST_CASE("graph_visualize --file_type json writes a merge build's dump files, and falls back to db without a merge",
          "[cli][graph]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_graph_visualize_json");
    write_two_ranks_a_side(dir);
    const auto merged = run_msprobe({"graph_visualize", "-tp", "npu", "-o", "out", "--rank_size", "2", "--tp", "2",
                                     "--pp", "1", "--file_type", "json"},
                                    dir);
    INFO(merged.err);
    CHECK(merged.exit_code == 0);
    const std::string log = merged.out + merged.err;
    CHECK(log.find("JSON files exported to out/step0/rank0") != std::string::npos);
    CHECK(log.find("Model graph exported successfully as JSON files to out") != std::string::npos);
    std::vector<std::string> files;
    for (const auto& entry : fs::recursive_directory_iterator(dir / "out")) {
        if (entry.is_regular_file()) files.push_back(fs::relative(entry.path(), dir / "out").string());
    }
    std::sort(files.begin(), files.end());
    CHECK(files ==
          std::vector<std::string>{"step0/rank0/construct.json", "step0/rank0/dump.json", "step0/rank0/stack.json"});
    CHECK(msprobe::testing::read_file_text(dir / "out" / "step0" / "rank0" / "construct.json") ==
          "{\n  \"Torch.relu.0.forward\": \"DefaultModel\"\n}");

    // Without --rank_size: a warning, then the database.
    const auto plain = run_msprobe({"graph_visualize", "-tp", "npu", "-o", "db", "--file_type", "json"}, dir);
    INFO(plain.err);
    CHECK(plain.exit_code == 0);
    CHECK((plain.out + plain.err)
              .find("The --file_type json parameter is only supported in graph merge build scenarios. Falling back "
                    "to default db output.") != std::string::npos);
    CHECK(msprobe::testing::output_named(dir / "db", "build_").extension() == ".db");
}
