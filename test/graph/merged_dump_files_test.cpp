// The dump files of a merge build (graph_visualize --file_type json): the
// three files of each merged graph as msprobe's writer lays them out.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

#include "common/error.hpp"
#include "graph/graph_behaviour.hpp"
#include "graph/graph_job.hpp"
#include "rank_dump_writer.hpp"

namespace fs = std::filesystem;
using msprobe::testing::call_record;
using msprobe::testing::stat_tensor;
using nlohmann::ordered_json;

namespace {

std::string text_of(const fs::path& file) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// A TP rank: a free API taking a tensor, an int, a bool and a keyword float;
// a model whose linear's output (with an md5) has Max `max`; one stack for both calls.
void write_tp_rank(const fs::path& dir, double max) {
    ordered_json add = call_record(
        {stat_tensor(5), {{"type", "int"}, {"value", 2}}, {{"type", "bool"}, {"value", true}}}, stat_tensor(5));
    add["input_kwargs"] = {{"alpha", {{"type", "float"}, {"value", 1.5}}}};
    ordered_json output = stat_tensor(max);
    output["md5"] = "0badcafe";
    ordered_json linear = call_record({stat_tensor(1), {{"type", "torch.Size"}, {"value", {2, 3}}}}, output);
    linear["parameters"] = ordered_json::array({stat_tensor(1)});
    msprobe::testing::write_rank_dump(dir, {{"Torch.add.0.forward", "", add},
                                            {"Module.model.Net.forward.0", "", call_record({stat_tensor(1)}, output)},
                                            {"Functional.linear.0.forward", "Module.model.Net.forward.0", linear}});
    std::ofstream(dir / "stack.json") << R"j({"0": [["Torch.add.0.forward", "Functional.linear.0.forward"],
                                              ["File a.py, line 1, in f", "y = f(x)"]],
                                             "1": [["Module.model.Net.forward.0"], ["File b.py, line 2, in g"]]})j";
}

// A PP stage: two free APIs, then a model whose layers.0 runs one linear, the
// layer's input 1 + 10 * stage and output 2 + 10 * stage.
void write_pp_rank(const fs::path& dir, int stage) {
    const auto layer = call_record({stat_tensor(1 + 10 * stage),
                                    {{"type", "int"}, {"value", 2}},
                                    {{"type", "torch.Size"}, {"value", {2, 3}}},
                                    {{"type", "bool"}, {"value", false}},
                                    nullptr},
                                   stat_tensor(2 + 10 * stage));
    msprobe::testing::write_rank_dump(
        dir, {{"Torch.add.0.forward", "", call_record({stat_tensor(5)}, stat_tensor(5))},
              {"Torch.add.1.forward", "", call_record({stat_tensor(5)}, stat_tensor(5))},
              {"Module.model.Net.forward.0", "", call_record({stat_tensor(1)}, stat_tensor(2 + 10 * stage))},
              {"Module.model.layers.0.Linear.forward.0", "Module.model.Net.forward.0", layer},
              {"Functional.linear.0.forward", "Module.model.layers.0.Linear.forward.0", layer}});
}

msprobe::graph::GraphOptions merge_build(const fs::path& npu, const fs::path& out, int rank_size, int tp, int pp) {
    msprobe::graph::GraphOptions options;
    options.input = npu;
    msprobe::graph::RunInput input;
    input.npu_path = npu;
    input.npu_parallel = msprobe::graph::ParallelParams{rank_size, tp, pp, 1, "tp-cp-ep-dp-pp"};
    options.run_input = input;
    options.output_dir = out;
    options.behaviour = msprobe::graph::graph_visualize_behaviour();
    options.merged_dump_files = true;
    return options;
}

ordered_json json_of(const fs::path& file) { return ordered_json::parse(text_of(file)); }

}  // namespace

TEST_CASE("merged dump files of a TP build: the main rank's entries with merged statistics, laid out as msprobe's",
          "[graph][merged_dump_files]") {
    const fs::path dir = msprobe::testing::scratch_dir("merged_dump_files_tp");
    write_tp_rank(dir / "npu" / "rank0", 3);
    write_tp_rank(dir / "npu" / "rank1", 4);
    const fs::path written = msprobe::testing::run_graph(merge_build(dir / "npu", dir / "out", 2, 2, 1));
    CHECK(written == dir / "out");
    const fs::path rank = dir / "out" / "step0" / "rank0";
    // Only the main rank's files, no database.
    std::size_t files = 0;
    for (const auto& entry : fs::recursive_directory_iterator(dir / "out")) files += entry.is_regular_file();
    CHECK(files == 3);

    // construct.json: post-order, every node but the root, indent 2.
    CHECK(text_of(rank / "construct.json") ==
          "{\n"
          "  \"Torch.add.0.forward\": \"DefaultModel\",\n"
          "  \"Functional.linear.0.forward\": \"Module.model.Net.forward.0\",\n"
          "  \"Module.model.Net.forward.0\": \"DefaultModel\"\n"
          "}");
    // stack.json: groups of equal stacks numbered as the post-order meets them.
    CHECK(json_of(rank / "stack.json") ==
          ordered_json::parse(R"j({"0": [["Torch.add.0.forward", "Functional.linear.0.forward"],
                                        ["File a.py, line 1, in f", "y = f(x)"]],
                                  "1": [["Module.model.Net.forward.0"], ["File b.py, line 2, in g"]]})j"));

    const ordered_json dump = json_of(rank / "dump.json");
    CHECK(dump.size() == 6);
    CHECK(dump["task"] == "statistics");
    CHECK(dump["level"] == "mix");
    CHECK(dump["framework"] == "pytorch");
    CHECK(dump["dump_data_dir"].is_null());
    CHECK(dump["is_merged"] == true);
    const ordered_json& data = dump["data"];
    CHECK(data.size() == 3);
    // Entries in post-order, members as recorded; a scalar item takes its value as statistics.
    const ordered_json& add = data["Torch.add.0.forward"];
    CHECK(add["input_args"][1] ==
          ordered_json::parse(R"({"type": "int", "value": 2, "Max": 2, "Min": 2, "Mean": 2, "Norm": 2})"));
    CHECK(add["input_args"][2] ==
          ordered_json::parse(R"({"type": "bool", "value": true, "Max": true, "Min": true, "Mean": true,
                                  "Norm": true})"));
    CHECK(add["input_kwargs"]["alpha"] ==
          ordered_json::parse(R"({"type": "float", "value": 1.5, "Max": 1.5, "Min": 1.5, "Mean": 1.5,
                                  "Norm": 1.5})"));
    CHECK_FALSE(add.contains("parallel_merge_info"));
    // The linear's output merged across the TP group, its md5 left out, its formulas appended.
    const ordered_json& linear = data["Functional.linear.0.forward"];
    CHECK(linear["output"][0] ==
          ordered_json::parse(R"({"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2], "Max": 4.0,
                                  "Min": 0.0, "Mean": 1.75, "Norm": 5.0, "requires_grad": false})"));
    CHECK(linear["input_args"][1] ==
          ordered_json::parse(R"({"type": "torch.Size", "value": [2, 3], "Max": null, "Min": null, "Mean": null,
                                  "Norm": null})"));
    CHECK(linear["parameters"][0]["Max"] == 1.0);
    REQUIRE(linear["parallel_merge_info"].size() == 5);
    CHECK(linear["parallel_merge_info"][0] ==
          "This data is the merged data after tensor parallelism(TP), and the data is merged from rank [0, 1].");
    CHECK(linear["parallel_merge_info"][4] ==
          "The Norm value merging method for output.0 is: (3.0 ** 2 + 4.0 ** 2) ** 0.5 = 5.0");
    std::vector<std::string> keys;
    for (const auto& [key, value] : linear.items()) keys.push_back(key);
    CHECK(keys ==
          std::vector<std::string>{"input_args", "input_kwargs", "output", "parameters", "parallel_merge_info"});
    // Floats as Python prints them, indent 2.
    CHECK(text_of(rank / "dump.json").find("\n          \"Mean\": 1.75,\n") != std::string::npos);
}

TEST_CASE("merged dump files of a PP build: nodes of other stages are made from their items",
          "[graph][merged_dump_files]") {
    const fs::path dir = msprobe::testing::scratch_dir("merged_dump_files_pp");
    write_pp_rank(dir / "step3" / "rank0", 0);
    write_pp_rank(dir / "step3" / "rank1", 1);
    // A folder of rank folders named step<n> puts the files under step<n>.
    msprobe::testing::run_graph(merge_build(dir / "step3", dir / "out", 2, 1, 2));
    const fs::path rank = dir / "out" / "step3" / "rank0";
    const ordered_json construct = json_of(rank / "construct.json");
    CHECK(construct["Torch.add_rank1.0.forward"] == "Apis_Between_Modules_Rank1.0");
    CHECK(construct["Functional.linear_rank1.0.forward"] == "Module.model.layers.1.Linear.forward.0");
    CHECK(construct["Module.model.layers.1.Linear.forward.0"] == "Module.model.Net.forward.0");
    CHECK(construct.size() == 12);
    CHECK(text_of(rank / "stack.json") == "{}");

    const ordered_json data = json_of(rank / "dump.json")["data"];
    // Collections carry no data and are left out; the renamed API of rank 1 is made from its items: no
    // input_kwargs, a scalar's dtype and shape as msprobe fills them in, its bool value as msprobe's op item
    // holds it ("False"), a None item null.
    CHECK_FALSE(data.contains("Apis_Between_Modules_Rank1.0"));
    CHECK(data["Functional.linear_rank1.0.forward"] == ordered_json::parse(R"({"input_args": [
                {"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2], "Max": 11.0, "Min": 0.0,
                 "Mean": 5.5, "Norm": 11.0, "requires_grad": false},
                {"type": "int", "value": 2, "Max": 2, "Min": 2, "Mean": 2, "Norm": 2, "dtype": "<class 'int'>",
                 "shape": []},
                {"type": "torch.Size", "value": [2, 3], "Max": null, "Min": null, "Mean": null, "Norm": null,
                 "dtype": "torch.Size", "shape": [2, 3]},
                {"type": "bool", "value": "False", "Max": false, "Min": false, "Mean": false, "Norm": false,
                 "dtype": "<class 'bool'>", "shape": []},
                null],
              "output": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2], "Max": 12.0, "Min": 0.0,
                          "Mean": 6.0, "Norm": 12.0, "requires_grad": false}]})"));
    // The model every stage has shows the last stage's output.
    CHECK(data["Module.model.Net.forward.0"]["output"][0]["Max"] == 12.0);
    CHECK(data["Module.model.Net.forward.0"].contains("input_kwargs"));
}

TEST_CASE("merged dump files appear all together or not at all, and replace files of an earlier run",
          "[graph][merged_dump_files]") {
    const fs::path dir = msprobe::testing::scratch_dir("merged_dump_files_staging");
    for (int step = 0; step < 2; ++step) {
        for (int r = 0; r < 2; ++r) {
            write_tp_rank(dir / "npu" / ("step" + std::to_string(step)) / ("rank" + std::to_string(r)), 3 + r);
        }
    }
    const fs::path out = dir / "out";
    fs::create_directories(out / "step0" / "rank0");
    std::ofstream(out / "step0" / "rank0" / "dump.json") << "earlier";
    msprobe::testing::run_graph(merge_build(dir / "npu", out, 2, 2, 1));
    CHECK(json_of(out / "step0" / "rank0" / "dump.json")["is_merged"] == true);
    CHECK(fs::exists(out / "step1" / "rank0" / "stack.json"));

    // A malformed rank of the second step: nothing of the first step appears either.
    const fs::path again = dir / "again";
    std::ofstream(dir / "npu" / "step1" / "rank1" / "construct.json") << "{";
    CHECK_THROWS_AS(msprobe::testing::run_graph(merge_build(dir / "npu", again, 2, 2, 1)), msprobe::Error);
    CHECK_FALSE(fs::exists(again / "step0"));
}

TEST_CASE("merged dump files are refused for one rank folder and for a compare", "[graph][merged_dump_files]") {
    const fs::path dir = msprobe::testing::scratch_dir("merged_dump_files_refused");
    write_tp_rank(dir / "npu", 3);
    auto options = merge_build(dir / "npu", dir / "out", 1, 1, 1);
    CHECK_THROWS_WITH(msprobe::testing::run_graph(options),
                      Catch::Contains("You have specified the \"--rank_size\" parameter for data merging, so the "
                                      "\"-tp\" parameter must pass in multiple rank data."));
    options.run_input->bench_path = dir / "npu";
    options.run_input->bench_parallel = options.run_input->npu_parallel;
    CHECK_THROWS_WITH(msprobe::testing::run_graph(options),
                      Catch::Contains("merged dump files are written of a parallel merge build only"));
    CHECK_FALSE(fs::exists(dir / "out"));
}
