// Parallel merge: Megatron's default rank groups, and a TP merge of two
// hand-written ranks whose statistics differ (ints and floats, formulas).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>

#include "common/error.hpp"
#include "graph/graph_job.hpp"
#include "graph/parallel_merge_params.hpp"
#include "rank_dump_writer.hpp"

namespace fs = std::filesystem;
using msprobe::graph::ParallelParams;
using Groups = std::vector<std::vector<int>>;

TEST_CASE("parallel merge: Megatron's default TP and PP groups") {
    ParallelParams params;
    params.rank_size = 8;
    params.tp = 2;
    params.pp = 2;
    CHECK(msprobe::graph::default_tp_groups(params) == Groups{{0, 1}, {2, 3}, {4, 5}, {6, 7}});
    CHECK(msprobe::graph::default_pp_groups(params) == Groups{{0, 4}, {1, 5}, {2, 6}, {3, 7}});
    params.order = "pp-dp-tp";
    CHECK(msprobe::graph::default_tp_groups(params) == Groups{{0, 4}, {1, 5}, {2, 6}, {3, 7}});
    CHECK(msprobe::graph::default_pp_groups(params) == Groups{{0, 1}, {2, 3}, {4, 5}, {6, 7}});
}

namespace {

// A rank whose module runs one embedding: `max` sets the output's Max and Mean, `int_max` the ids' Max.
void write_rank(const fs::path& dir, double max, long long int_max) {
    auto out = msprobe::testing::stat_tensor(max);
    out["Min"] = -1.0;
    out["Norm"] = 2.0;
    const nlohmann::ordered_json ids = {{"type", "torch.Tensor"},
                                        {"dtype", "torch.int64"},
                                        {"shape", {2}},
                                        {"Max", int_max},
                                        {"Min", 0},
                                        {"Mean", 1.5},
                                        {"Norm", 3.0},
                                        {"requires_grad", false}};
    const auto record = msprobe::testing::call_record({ids}, out);
    msprobe::testing::write_rank_dump(dir,
                                      {{"Module.emb.Embedding.forward.0", "", record},
                                       {"Functional.embedding.0.forward", "Module.emb.Embedding.forward.0", record}});
}

}  // namespace

TEST_CASE("parallel merge: TP merges differing statistics into rank 0 with msprobe's formulas") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_tp_merge");
    write_rank(dir / "npu" / "rank0", 1.5, 4);
    write_rank(dir / "npu" / "rank1", 2.5, 7);
    std::ofstream(dir / "input.json") << R"({"npu_path": ")" + (dir / "npu").string() +
                                             R"(", "parallel_merge": {"npu": {"rank_size": 2, "tp": 2, "pp": 1}}})";
    msprobe::graph::GraphOptions options;
    options.input = dir / "input.json";
    options.output_dir = dir / "out";
    const fs::path db = msprobe::testing::run_graph(options);

    const auto rows = msprobe::testing::query_rows(
        db,
        "SELECT parallel_merge_info, input_data, output_data FROM tb_nodes WHERE node_name = "
        "'Functional.embedding.0.forward'");
    REQUIRE(rows.size() == 2);
    const auto info = nlohmann::json::parse(rows[1][0]);
    CHECK(info ==
          nlohmann::json{
              "This data is the merged data after tensor parallelism(TP), and the data is merged from rank [0, 1].",
              "The Max value merging method for input.0 is: max(4, 7) = 7",
              "The Min value merging method for input.0 is: min(0, 0) = 0",
              "The Mean value merging method for input.0 is: (1.5 + 1.5) / 2 = 1.5",
              "The Norm value merging method for input.0 is: (3.0 ** 2 + 3.0 ** 2) ** 0.5 = 4.242640687119285",
              "The Max value merging method for output.0 is: max(1.5, 2.5) = 2.5",
              "The Min value merging method for output.0 is: min(-1.0, -1.0) = -1.0",
              "The Mean value merging method for output.0 is: (0.75 + 1.25) / 2 = 1.0",
              "The Norm value merging method for output.0 is: (2.0 ** 2 + 2.0 ** 2) ** 0.5 = 2.8284271247461903"});
    const auto inputs = nlohmann::json::parse(rows[1][1]).at("Functional.embedding.0.forward.input.0");
    CHECK(inputs.at("Max") == "7");
    CHECK(inputs.at("Norm") == "4.242641");
    const auto outputs = nlohmann::json::parse(rows[1][2]).at("Functional.embedding.0.forward.output.0");
    CHECK(outputs.at("Max") == "2.5");
    CHECK(outputs.at("Mean") == "1.0");
    // One graph: rank 0's.
    CHECK(msprobe::testing::query_rows(db, "SELECT DISTINCT rank FROM tb_nodes").size() == 2);
    CHECK(msprobe::testing::query_rows(db, "SELECT rank_list FROM tb_config")[1][0] == "[0]");
}

namespace {

// One pipeline stage: a model holding layers.0 (a linear inside); `max` tells the stages' data apart.
void write_stage(const fs::path& dir, double max) {
    const auto tensor = msprobe::testing::stat_tensor(max);
    const auto record = msprobe::testing::call_record({tensor}, tensor);
    msprobe::testing::write_rank_dump(
        dir, {{"Module.model.Net.forward.0", "", record},
              {"Module.model.layers.0.Linear.forward.0", "Module.model.Net.forward.0", record},
              {"Functional.linear.0.forward", "Module.model.layers.0.Linear.forward.0", record}});
}

}  // namespace

TEST_CASE("parallel merge: PP gathers the other stage's layer, renumbered, its APIs renamed") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_pp_merge");
    write_stage(dir / "npu" / "rank0", 1.0);
    write_stage(dir / "npu" / "rank1", 3.0);
    std::ofstream(dir / "input.json") << R"({"npu_path": ")" + (dir / "npu").string() +
                                             R"(", "parallel_merge": {"npu": {"rank_size": 2, "tp": 1, "pp": 2}}})";
    msprobe::graph::GraphOptions options;
    options.input = dir / "input.json";
    options.output_dir = dir / "out";
    const fs::path db = msprobe::testing::run_graph(options);

    const auto rows =
        msprobe::testing::query_rows(db, "SELECT node_name, up_node, rank FROM tb_nodes ORDER BY node_order");
    CHECK(rows == std::vector<std::vector<std::string>>{
                      {"node_name", "up_node", "rank"},
                      {"Functional.linear.0.forward", "Module.model.layers.0.Linear.forward.0", "0"},
                      {"Module.model.layers.0.Linear.forward.0", "Module.model.Net.forward.0", "0"},
                      {"Functional.linear_rank1.0.forward", "Module.model.layers.1.Linear.forward.0", "0"},
                      {"Module.model.layers.1.Linear.forward.0", "Module.model.Net.forward.0", "0"},
                      {"Module.model.Net.forward.0", "DefaultModel", "0"},
                      {"DefaultModel", "", "0"}});
    // The gathered layer keeps its own stage's data, under its new name.
    const auto data = msprobe::testing::query_rows(
        db, "SELECT input_data FROM tb_nodes WHERE node_name = 'Module.model.layers.1.Linear.forward.0'");
    REQUIRE(data.size() == 2);
    CHECK(nlohmann::json::parse(data[1][0]).at("Module.model.layers.1.Linear.forward.0.input.0").at("Max") == "3.0");
}
