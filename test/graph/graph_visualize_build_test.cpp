// graph_visualize's own ways of reading a run (spec graph.md §10): rank
// folders it skips or stands in for, the dump_data_dir of a moved dump, and
// recomputed layers confirmed by their stack.
#include <catch2/catch.hpp>

#include <fstream>

#include "common/error.hpp"
#include "graph/graph_job.hpp"
#include "graph_run.hpp"
#include "support/shared_fixtures.hpp"
#include "vis_db_query.hpp"

namespace fs = std::filesystem;
using msprobe::testing::query_rows;
using Rows = std::vector<std::vector<std::string>>;

namespace {

// A rank folder with one top-level API; dump.json records `dump_data_dir` (JSON text).
void write_rank(const fs::path& dir, const std::string& dump_data_dir = "null") {
    fs::create_directories(dir);
    std::ofstream(dir / "dump.json") << R"({"task": "statistics", "level": "mix", "framework": "pytorch",
"dump_data_dir": )" + dump_data_dir + R"(, "data": {"Torch.relu.0.forward": {"input_args": [{"type": "torch.Tensor",
"dtype": "torch.float32", "shape": [2], "Max": 1.0, "Min": 0.0, "Mean": 0.5, "Norm": 1.0, "requires_grad": false}],
"input_kwargs": {}, "output": []}}})";
    std::ofstream(dir / "construct.json") << R"({"Torch.relu.0.forward": null})";
    std::ofstream(dir / "stack.json") << "{}";
}

msprobe::graph::GraphOptions options_for(const fs::path& npu, const fs::path& out, bool visualize,
                                         std::optional<fs::path> bench = std::nullopt) {
    msprobe::graph::GraphOptions options;
    options.input = npu;
    options.run_input = msprobe::graph::RunInput{npu, std::move(bench), std::nullopt, std::nullopt};
    options.output_dir = out;
    options.behaviour = msprobe::testing::command_behaviour(visualize);
    return options;
}

fs::path visualize(const fs::path& npu, const fs::path& out, std::optional<fs::path> bench = std::nullopt) {
    return msprobe::testing::run_graph(options_for(npu, out, true, std::move(bench)));
}

Rows graphs_of(const fs::path& db) {
    return query_rows(db, "SELECT DISTINCT data_source, step, rank FROM tb_nodes ORDER BY data_source, step, rank");
}

std::string refusal(const msprobe::graph::GraphOptions& options) {
    try {
        msprobe::testing::run_graph(options);
    } catch (const msprobe::Error& error) {
        return error.file() + ": " + error.reason();
    }
    return "no error";
}

}  // namespace

TEST_CASE("graph_visualize skips entries of a run folder not named rank<number>, graph refuses them") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_visualize_rank_skip");
    write_rank(dir / "npu" / "rank0");
    write_rank(dir / "npu" / "rank1");
    write_rank(dir / "npu" / "rank01");  // a rank<digits> folder by the layout's test, not by the listing's
    std::ofstream(dir / "npu" / "notes.txt") << "run of Tuesday";
    const fs::path db = visualize(dir / "npu", dir / "out");
    CHECK(graphs_of(db) == Rows{{"data_source", "step", "rank"}, {"NPU", "0", "0"}, {"NPU", "0", "1"}});
    CHECK(query_rows(db, "SELECT rank_list FROM tb_config") == Rows{{"rank_list"}, {"[0, 1]"}});

    // In step folders too.
    write_rank(dir / "steps" / "step0" / "rank0");
    std::ofstream(dir / "steps" / "step0" / "README") << "";
    CHECK(graphs_of(visualize(dir / "steps", dir / "out_steps")) ==
          Rows{{"data_source", "step", "rank"}, {"NPU", "0", "0"}});

    CHECK(
        refusal(options_for(dir / "npu", dir / "graph", false)).find("notes.txt: expected only rank or rank<number>") !=
        std::string::npos);
    CHECK_FALSE(fs::exists(dir / "graph"));
}

TEST_CASE("graph_visualize takes a folder whose first entry is a proc<number> folder as rank 0") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_visualize_proc");
    write_rank(dir / "npu" / "proc4711");
    std::ofstream(dir / "npu" / "run.log") << "";  // after proc4711 by name
    const fs::path db = visualize(dir / "npu", dir / "out");
    CHECK(graphs_of(db) == Rows{{"data_source", "step", "rank"}, {"NPU", "0", "0"}});
    CHECK(query_rows(db, "SELECT node_name FROM tb_nodes ORDER BY node_order") ==
          Rows{{"node_name"}, {"Torch.relu.0.forward"}, {"DefaultModel"}});

    // graph knows no proc folders.
    CHECK(refusal(options_for(dir / "npu", dir / "graph", false)).find("expected a rank folder") != std::string::npos);

    // A compare pairs proc folders with each other only, as msprobe does.
    write_rank(dir / "bench" / "proc12");
    CHECK(graphs_of(visualize(dir / "npu", dir / "compared", dir / "bench")) ==
          Rows{{"data_source", "step", "rank"}, {"Bench", "0", "0"}, {"NPU", "0", "0"}});
    write_rank(dir / "ranked" / "rank0");
    CHECK(refusal(options_for(dir / "npu", dir / "mixed", true, dir / "ranked")).find("no rank in common") !=
          std::string::npos);
    CHECK_FALSE(fs::exists(dir / "mixed"));

    // One proc folder, no more; an entry before it by name hides it.
    write_rank(dir / "two" / "proc1");
    write_rank(dir / "two" / "proc2");
    CHECK(refusal(options_for(dir / "two", dir / "x", true)) ==
          (dir / "two").string() + ": no rank folder and several proc<number> folders");
    write_rank(dir / "hidden" / "proc1");
    std::ofstream(dir / "hidden" / "a.log") << "";
    CHECK(refusal(options_for(dir / "hidden", dir / "x", true)).find("expected a rank folder") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "x"));
}

TEST_CASE("graph_visualize points dump_data_dir of a moved dump at the tensors beside its rank folder") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_visualize_data_dir");
    const fs::path real = fs::canonical(dir);
    const auto data_dir_of = [](const fs::path& db) {
        return query_rows(db, "SELECT DISTINCT dump_data_dir FROM tb_nodes");
    };
    // Written on another machine: the recorded folder is elsewhere.
    write_rank(dir / "moved", R"("/train/dump/step0/rank0/dump_tensor_data")");
    CHECK(data_dir_of(visualize(dir / "moved", dir / "out_moved")) ==
          Rows{{"dump_data_dir"}, {(real / "moved" / "dump_tensor_data").string()}});
    // graph writes it as recorded.
    CHECK(data_dir_of(msprobe::testing::run_graph(options_for(dir / "moved", dir / "graph", false))) ==
          Rows{{"dump_data_dir"}, {"/train/dump/step0/rank0/dump_tensor_data"}});

    // Read where it was written: kept, whatever the last name.
    const std::string in_place = (real / "in_place" / "tensors").string();
    write_rank(dir / "in_place", "\"" + in_place + "\"");
    CHECK(data_dir_of(visualize(dir / "in_place", dir / "out_in_place")) == Rows{{"dump_data_dir"}, {in_place}});

    // The test is textual: a trailing '/' makes the folder's parent the folder itself.
    write_rank(dir / "slash", "\"" + (real / "slash" / "dump_tensor_data").string() + "/\"");
    CHECK(data_dir_of(visualize(dir / "slash", dir / "out_slash")) ==
          Rows{{"dump_data_dir"}, {(real / "slash" / "dump_tensor_data").string()}});

    // Null and empty stay as they are.
    write_rank(dir / "empty", R"("")");
    CHECK(data_dir_of(visualize(dir / "empty", dir / "out_empty")) == Rows{{"dump_data_dir"}, {""}});
}

TEST_CASE("graph_visualize moves a top-level layer only when its stack shows the recomputation") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_visualize_recompute");
    const auto write = [&](const fs::path& folder, const std::string& framework, const std::string& stack) {
        fs::create_directories(folder);
        std::ofstream(folder / "dump.json") << R"({"task": "statistics", "level": "L0", "framework": )" + framework +
                                                   R"(, "dump_data_dir": null, "data": {}})";
        std::ofstream(folder / "construct.json") << R"({
"Module.model.Model.forward.0": null,
"Module.layers.0.Layer.forward.0": "Module.model.Model.forward.0",
"Module.model.Model.backward.0": null,
"Module.layers.0.Layer.forward.1": null,
"Module.layers.0.Layer.backward.1": null})";
        std::ofstream(folder / "stack.json") << stack;
    };
    const auto top_level = [](const fs::path& db) {
        return query_rows(db, "SELECT sub_nodes FROM tb_nodes WHERE node_name = 'DefaultModel'")[1][0];
    };
    const std::string moved = R"(["Module.model.Model.forward.0", "Module.model.Model.backward.0"])";
    const std::string kept = R"(["Module.model.Model.forward.0", "Module.model.Model.backward.0", )"
                             R"("Module.layers.0.Layer.forward.1", "Module.layers.0.Layer.backward.1"])";

    // No frames: graph moves the layer by its name, graph_visualize keeps it at the top.
    write(dir / "bare", R"("pytorch")", "{}");
    CHECK(top_level(msprobe::testing::run_graph(options_for(dir / "bare", dir / "graph", false))) == moved);
    CHECK(top_level(visualize(dir / "bare", dir / "out_bare")) == kept);

    // The forward call's frames confirm it, for its backward too.
    write(dir / "checkpointed", R"("pytorch")", R"j({"Module.layers.0.Layer.forward.1": [
"File /usr/lib/python3/site-packages/torch/utils/checkpoint.py, line 1, in recompute_fn, \n outputs = fn(*args)"]})j");
    const fs::path db = visualize(dir / "checkpointed", dir / "out_checkpointed");
    CHECK(top_level(db) == moved);
    CHECK(query_rows(db, "SELECT sub_nodes FROM tb_nodes WHERE node_name = 'Module.model.Model.backward.0'")[1][0] ==
          R"(["Module.layers.0.Layer.forward.1", "Module.layers.0.Layer.backward.1"])");

    // Stacks are read for PyTorch dumps only; a null framework is not PyTorch, an absent one is.
    write(dir / "mindspore", R"("mindspore")", "{}");
    CHECK(top_level(visualize(dir / "mindspore", dir / "out_mindspore")) == moved);
    write(dir / "null", "null", "{}");
    CHECK(top_level(visualize(dir / "null", dir / "out_null")) == moved);
}

TEST_CASE("graph_visualize skips a recompute move that would hang a layer below itself") {
    // The layer's earlier call sits in a container below the recomputed call, so
    // the container is where the recomputed call would go.
    const fs::path dir = msprobe::testing::scratch_dir("graph_visualize_recompute_cycle");
    fs::create_directories(dir / "npu");
    std::ofstream(dir / "npu" / "dump.json")
        << R"({"task": "statistics", "level": "L0", "framework": "pytorch", "dump_data_dir": null, "data": {}})";
    std::ofstream(dir / "npu" / "construct.json") << R"({
"Module.layers.0.Layer.forward.1": null,
"Module.layers.0.Layer.backward.1": null,
"Wrapper": "Module.layers.0.Layer.forward.1",
"Module.layers.0.Layer.forward.0": "Wrapper"})";
    std::ofstream(dir / "npu" / "stack.json") << R"j({"Module.layers.0.Layer.forward.1": [
"File /usr/lib/python3/site-packages/torch/utils/checkpoint.py, line 1, in recompute_fn, \n outputs = fn(*args)"]})j";
    const fs::path db = visualize(dir / "npu", dir / "out");
    CHECK(query_rows(db, "SELECT node_name, up_node, sub_nodes FROM tb_nodes ORDER BY node_order") ==
          Rows{{"node_name", "up_node", "sub_nodes"},
               {"Module.layers.0.Layer.forward.0", "Wrapper", ""},
               {"Module.layers.0.Layer.backward.1", "Wrapper", ""},
               {"Wrapper", "Module.layers.0.Layer.forward.1",
                R"(["Module.layers.0.Layer.forward.0", "Module.layers.0.Layer.backward.1"])"},
               {"Module.layers.0.Layer.forward.1", "DefaultModel", R"(["Wrapper"])"},
               {"DefaultModel", "", R"(["Module.layers.0.Layer.forward.1"])"}});
}

TEST_CASE("a construct.json naming DefaultModel names the root, in graph and graph_visualize alike") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_visualize_default_model");
    write_rank(dir / "npu");
    std::ofstream(dir / "npu" / "construct.json")
        << R"({"DefaultModel": null, "Torch.relu.0.forward": "DefaultModel"})";
    const Rows tree = {{"node_name", "up_node", "node_type", "sub_nodes"},
                       {"Torch.relu.0.forward", "DefaultModel", "1", ""},
                       {"DefaultModel", "", "0", R"(["Torch.relu.0.forward"])"}};
    const std::string sql = "SELECT node_name, up_node, node_type, sub_nodes FROM tb_nodes ORDER BY node_order";
    CHECK(query_rows(visualize(dir / "npu", dir / "visualize"), sql) == tree);
    CHECK(query_rows(msprobe::testing::run_graph(options_for(dir / "npu", dir / "graph", false)), sql) == tree);
}
