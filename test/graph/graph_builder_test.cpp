// The graph command on small rank folders the tests write themselves: tree
// building, collections, parameter gradients, micro steps, compare indexes,
// and the refusals of bad input.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>

#include "common/error.hpp"
#include "graph/graph_job.hpp"
#include "graph/item_text.hpp"
#include "graph_run.hpp"
#include "support/dump_json_writer.hpp"
#include "support/dump_structure_writers.hpp"
#include "support/file_text.hpp"
#include "support/html_report_page.hpp"
#include "support/shared_fixtures.hpp"
#include "vis_db_query.hpp"

namespace fs = std::filesystem;
using msprobe::testing::DumpJsonWriter;
using msprobe::testing::DumpSettings;
using msprobe::testing::DumpValue;
using msprobe::testing::query_rows;

namespace {

DumpValue tensor(std::vector<float> values) {
    auto t = std::make_shared<msprobe::testing::SyntheticTensor>();
    t->shape = {static_cast<std::int64_t>(values.size())};
    t->values = std::move(values);
    return DumpValue::tensor(std::move(t));
}

// One rank folder of a tiny model: fc (module with a linear inside), then
// relu and sum at the top level, their backwards, fc's backward and its
// parameter gradient. `scale` multiplies fc's output (a perturbed NPU side).
void write_rank(const fs::path& dir, float scale, bool md5 = false) {
    fs::create_directories(dir);
    DumpSettings settings;
    settings.level = "mix";
    settings.md5 = md5;
    {
        DumpJsonWriter dump(dir / "dump.json", settings);
        const auto x = tensor({1, -2, 3, 4});
        const auto w = tensor({0.5f, 0.25f});
        const auto y = tensor({scale * 1, scale * 2});
        dump.module_forward("Module.fc.Linear.forward.0", {x}, {}, {y}, {{"weight", w}});
        dump.api_forward("Functional.linear.0.forward", {x, w}, {}, {y});
        dump.api_forward("Torch.relu.0.forward", {y}, {}, {y});
        dump.api_forward("Tensor.sum.0.forward", {y}, {}, {tensor({3})});
        dump.backward("Tensor.sum.0.backward", {tensor({1})}, {tensor({1, 1})});
        dump.backward("Torch.relu.0.backward", {tensor({1, 1})}, {tensor({1, 1})});
        dump.backward("Module.fc.Linear.backward.0", {tensor({1, 1})}, {x});
        dump.backward("Functional.linear.0.backward", {tensor({1, 1})}, {x, w});
        dump.parameters_grad("Module.fc.Linear.parameters_grad", {{"weight", w}});
        dump.finish();
    }
    msprobe::testing::ConstructJsonWriter construct(dir / "construct.json");
    construct.add("Module.fc.Linear.forward.0", std::nullopt);
    construct.add("Functional.linear.0.forward", "Module.fc.Linear.forward.0");
    construct.add("Torch.relu.0.forward", std::nullopt);
    construct.add("Tensor.sum.0.forward", std::nullopt);
    construct.add("Tensor.sum.0.backward", std::nullopt);
    construct.add("Torch.relu.0.backward", std::nullopt);
    construct.add("Module.fc.Linear.backward.0", std::nullopt);
    // Recorded without parent: repaired to fc's backward through its forward twin.
    construct.add("Functional.linear.0.backward", std::nullopt);
    construct.finish();
    // The writer keeps pointers to the frame lists.
    static const std::vector<std::string> model_call = {"File /home/user/model.py, line 3, in step, \n y = model(x)"};
    static const std::vector<std::string> relu_call = {
        "File /home/user/model.py, line 4, in step, \n h = torch.relu(y)"};
    msprobe::testing::StackJsonWriter stack;
    stack.add(0, model_call, "Module.fc.Linear.forward.0");
    stack.add(1, relu_call, "Torch.relu.0.forward");
    stack.write(dir / "stack.json");
}

fs::path write_input(const fs::path& dir, const std::string& text) {
    std::ofstream(dir / "input.json") << text;
    return dir / "input.json";
}

struct Run {
    fs::path db;
};

Run run(const fs::path& input, const fs::path& out, bool strict_compat = false,
        std::optional<fs::path> html = std::nullopt, bool visualize = false) {
    msprobe::graph::GraphOptions options;
    options.input = input;
    options.output_dir = out;
    options.strict_compat = strict_compat;
    options.html = std::move(html);
    options.behaviour = msprobe::testing::command_behaviour(visualize);
    return {msprobe::testing::run_graph(options)};
}

std::string cell(const fs::path& db, const std::string& id, const std::string& column) {
    const auto rows = query_rows(db, "SELECT " + column + " FROM tb_nodes WHERE id = '" + id + "'");
    REQUIRE(rows.size() == 2);
    return rows[1][0];
}

}  // namespace

TEST_CASE("graph builds the module tree with repaired backward parents, collections and parameter gradients") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_build_tree");
    write_rank(dir / "npu", 1);
    const fs::path db = run(write_input(dir, R"({"npu_path": ")" + (dir / "npu").string() + R"("})"), dir / "out").db;
    // Before any reader opens it (a reader of a WAL database leaves -wal/-shm files):
    // one database, mode 0640, nothing else in the folder.
    std::vector<std::string> files;
    for (const auto& entry : fs::directory_iterator(dir / "out")) files.push_back(entry.path().filename().string());
    REQUIRE(files.size() == 1);
    CHECK(files[0].rfind("build_", 0) == 0);
    CHECK((fs::status(db).permissions() & fs::perms::all) ==
          (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read));

    const auto order =
        query_rows(db, "SELECT node_name, up_node, node_type, sub_nodes FROM tb_nodes ORDER BY node_order");
    const std::vector<std::vector<std::string>> expected = {
        {"node_name", "up_node", "node_type", "sub_nodes"},
        {"Functional.linear.0.forward", "Module.fc.Linear.forward.0", "1", ""},
        {"Module.fc.Linear.forward.0", "DefaultModel", "0", R"(["Functional.linear.0.forward"])"},
        {"Torch.relu.0.forward", "Apis_Between_Modules.0", "1", ""},
        {"Tensor.sum.0.forward", "Apis_Between_Modules.0", "1", ""},
        {"Tensor.sum.0.backward", "Apis_Between_Modules.0", "1", ""},
        {"Torch.relu.0.backward", "Apis_Between_Modules.0", "1", ""},
        {"Apis_Between_Modules.0", "DefaultModel", "9",
         R"(["Torch.relu.0.forward", "Tensor.sum.0.forward", "Tensor.sum.0.backward", "Torch.relu.0.backward"])"},
        {"Functional.linear.0.backward", "Module.fc.Linear.backward.0", "1", ""},
        {"Module.fc.Linear.parameters_grad", "Module.fc.Linear.backward.0", "0", ""},
        {"Module.fc.Linear.backward.0", "DefaultModel", "0",
         R"(["Functional.linear.0.backward", "Module.fc.Linear.parameters_grad"])"},
        {"DefaultModel", "", "0",
         R"(["Module.fc.Linear.forward.0", "Apis_Between_Modules.0", "Module.fc.Linear.backward.0"])"},
    };
    CHECK(order == expected);

    SECTION("a backward without frames takes its forward's; the root and collections share the empty list") {
        const auto stacks = query_rows(db,
                                       "SELECT n.node_name, s.stack_info FROM tb_nodes n JOIN tb_stack s "
                                       "ON n.stack_id = s.id ORDER BY n.node_order");
        std::map<std::string, std::string> by_node;
        for (std::size_t r = 1; r < stacks.size(); ++r) by_node[stacks[r][0]] = stacks[r][1];
        CHECK(by_node["Torch.relu.0.backward"] == by_node["Torch.relu.0.forward"]);
        CHECK(by_node["Torch.relu.0.forward"] ==
              R"x(["File /home/user/model.py, line 4, in step, \n h = torch.relu(y)"])x");
        CHECK(by_node["Module.fc.Linear.backward.0"] == by_node["Module.fc.Linear.forward.0"]);
        CHECK(by_node["DefaultModel"] == "[]");
        CHECK(by_node["Apis_Between_Modules.0"] == "[]");
    }
    SECTION("port items: the leaf's own keys, then the flattening's, as texts") {
        const auto inputs = nlohmann::ordered_json::parse(cell(db, "NPU_0_0_Module.fc.Linear.forward.0", "input_data"));
        const auto& weight = inputs.at("Module.fc.Linear.forward.0.parameters.weight");
        std::vector<std::string> keys;
        for (const auto& [key, value] : weight.items()) keys.push_back(key);
        CHECK(keys == std::vector<std::string>{"type", "dtype", "shape", "Max", "Min", "Mean", "Norm", "requires_grad",
                                               "data_name"});
        CHECK(weight.at("shape") == "[2]");
        CHECK(weight.at("Max") == "0.5");
        CHECK(weight.at("Norm") == "0.559017");  // sqrt(0.3125) to six decimals
        CHECK(weight.at("data_name") == "-1");
    }
    SECTION("build mode: no index, no link, one micro step, a build config row") {
        CHECK(cell(db, "NPU_0_0_Module.fc.Linear.forward.0", "precision_index") == "NULL");
        CHECK(cell(db, "NPU_0_0_Module.fc.Linear.forward.0", "matched_node_link") == "[]");
        const auto config = query_rows(db,
                                       "SELECT graph_type, task, tool_tip, micro_steps, node_colors, rank_list, "
                                       "step_list FROM tb_config");
        CHECK(config[1] == std::vector<std::string>{"build", "", "NULL", "1", "null", "[0]", "[0]"});
    }
}

TEST_CASE("graph compare: statistics relative errors make the precision index") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_compare_summary");
    write_rank(dir / "npu", 1.5f);  // fc's outputs 50% larger on the NPU side
    write_rank(dir / "bench", 1);
    const fs::path db = run(write_input(dir, R"({"npu_path": ")" + (dir / "npu").string() + R"(", "bench_path": ")" +
                                                 (dir / "bench").string() + R"("})"),
                            dir / "out")
                            .db;
    // Output Max 3 against 2: MaxRelativeErr 50%.
    CHECK(cell(db, "NPU_0_0_Module.fc.Linear.forward.0", "precision_index") == "0.5");
    const auto outputs = nlohmann::json::parse(cell(db, "NPU_0_0_Module.fc.Linear.forward.0", "output_data"));
    CHECK(outputs.at("Module.fc.Linear.forward.0.output.0").at("MaxRelativeErr") == "50.0%");
    CHECK(outputs.at("Module.fc.Linear.forward.0.output.0").at("Max diff") == "1.0");
    // Unchanged data: index 0; the collection takes its worst API (relu's 50%).
    CHECK(cell(db, "NPU_0_0_Module.fc.Linear.backward.0", "precision_index") == "0");
    CHECK(cell(db, "NPU_0_0_Apis_Between_Modules.0", "precision_index") == "0.5");
    // The root is matched but has no data: no index. Bench nodes never get one.
    CHECK(cell(db, "NPU_0_0_DefaultModel", "precision_index") == "NULL");
    CHECK(cell(db, "NPU_0_0_DefaultModel", "matched_node_link") == R"(["DefaultModel"])");
    CHECK(cell(db, "Bench_0_0_Module.fc.Linear.forward.0", "precision_index") == "NULL");
    CHECK(cell(db, "Bench_0_0_Module.fc.Linear.forward.0", "matched_node_link") ==
          R"(["DefaultModel", "Module.fc.Linear.forward.0"])");
    const auto config = query_rows(db, "SELECT graph_type, task FROM tb_config");
    CHECK(config[1] == std::vector<std::string>{"compare", "summary"});
}

TEST_CASE("graph compare: md5 mode gives 1 for equal digests and 0 for any difference") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_compare_md5");
    write_rank(dir / "npu", 1.5f, true);
    write_rank(dir / "bench", 1, true);
    const fs::path db = run(write_input(dir, R"({"npu_path": ")" + (dir / "npu").string() + R"(", "bench_path": ")" +
                                                 (dir / "bench").string() + R"("})"),
                            dir / "out")
                            .db;
    CHECK(cell(db, "NPU_0_0_Module.fc.Linear.forward.0", "precision_index") == "0");
    CHECK(cell(db, "NPU_0_0_Module.fc.Linear.backward.0", "precision_index") == "1");
    // The weight's digests agree: its own result says so (msprobe shows another item's, compatibility row 154).
    const auto inputs = nlohmann::json::parse(cell(db, "NPU_0_0_Module.fc.Linear.forward.0", "input_data"));
    CHECK(inputs.at("Module.fc.Linear.forward.0.parameters.weight").at("Result") == "pass");
    const auto outputs = nlohmann::json::parse(cell(db, "NPU_0_0_Module.fc.Linear.forward.0", "output_data"));
    CHECK(outputs.at("Module.fc.Linear.forward.0.output.0").at("Result") == "Different");
    // md5 compares show the digests; the collection takes its worst (lowest) API.
    CHECK(outputs.at("Module.fc.Linear.forward.0.output.0").contains("md5"));
    CHECK(cell(db, "NPU_0_0_Apis_Between_Modules.0", "precision_index") == "0");
}

TEST_CASE("graph refuses bad input with one error naming the file, and writes nothing") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_bad_input");
    const fs::path out = dir / "out";
    auto refused = [&](const std::string& input_json, const std::string& file_part) {
        const fs::path input = write_input(dir, input_json);
        try {
            run(input, out);
            FAIL("no error");
        } catch (const msprobe::Error& error) {
            CHECK(error.exit_code() == msprobe::kExitBadInput);
            CHECK_THAT(error.file(), Catch::Contains(file_part));
        }
        CHECK_FALSE(fs::exists(out));
    };

    SECTION("an L1 dump: construct.json is empty") {
        write_rank(dir / "npu", 1);
        std::ofstream(dir / "npu" / "construct.json") << "{}";
        refused(R"({"npu_path": ")" + (dir / "npu").string() + R"("})", "construct.json");
    }
    SECTION("a malformed construct.json") {
        write_rank(dir / "npu", 1);
        std::ofstream(dir / "npu" / "construct.json") << R"({"Module.fc.Linear.forward.0": )";
        refused(R"({"npu_path": ")" + (dir / "npu").string() + R"("})", "construct.json");
    }
    SECTION("a rank folder without stack.json") {
        write_rank(dir / "npu" / "rank0", 1);
        fs::remove(dir / "npu" / "rank0" / "stack.json");
        refused(R"({"npu_path": ")" + (dir / "npu").string() + R"("})", "stack.json");
    }
    SECTION("rank folders on one side, a single rank's files on the other") {
        write_rank(dir / "npu" / "rank0", 1);
        write_rank(dir / "bench", 1);
        refused(
            R"({"npu_path": ")" + (dir / "npu").string() + R"(", "bench_path": ")" + (dir / "bench").string() + R"("})",
            "input.json");
    }
    SECTION("no rank in common") {
        write_rank(dir / "npu" / "rank0", 1);
        write_rank(dir / "bench" / "rank1", 1);
        refused(
            R"({"npu_path": ")" + (dir / "npu").string() + R"(", "bench_path": ")" + (dir / "bench").string() + R"("})",
            "input.json");
    }
    SECTION("a MindSpore dump against a PyTorch one without -lm") {
        write_rank(dir / "npu", 1);
        write_rank(dir / "bench", 1);
        std::ifstream in(dir / "npu" / "dump.json");
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const auto at = text.find("\"pytorch\"");
        REQUIRE(at != std::string::npos);
        text.replace(at, 9, "\"mindspore\"");
        std::ofstream(dir / "npu" / "dump.json") << text;
        refused(
            R"({"npu_path": ")" + (dir / "npu").string() + R"(", "bench_path": ")" + (dir / "bench").string() + R"("})",
            "bench");
    }
    SECTION("a folder mixing rank and other folders") {
        write_rank(dir / "npu" / "rank0", 1);
        fs::create_directories(dir / "npu" / "extra");
        refused(R"({"npu_path": ")" + (dir / "npu").string() + R"("})", "npu");
    }
}

TEST_CASE("graph: two ranks in the ranks layout become two graphs of one database") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_ranks");
    write_rank(dir / "npu" / "rank0", 1);
    write_rank(dir / "npu" / "rank1", 1);
    const fs::path db = run(write_input(dir, R"({"npu_path": ")" + (dir / "npu").string() + R"("})"), dir / "out").db;
    const auto graphs = query_rows(db, "SELECT graph_id, count(*) FROM tb_nodes GROUP BY graph_id ORDER BY graph_id");
    CHECK(graphs ==
          std::vector<std::vector<std::string>>{{"graph_id", "count(*)"}, {"NPU_0_0", "11"}, {"NPU_0_1", "11"}});
    CHECK(query_rows(db, "SELECT rank_list FROM tb_config")[1][0] == "[0, 1]");
}

TEST_CASE("graph item texts: six decimals, Python's exponent form, quotes and None") {
    using msprobe::graph::float_text;
    using msprobe::graph::string_text;
    CHECK(float_text(3.0974609851837158) == "3.097461");
    CHECK(float_text(1.0) == "1.0");
    CHECK(float_text(-0.0) == "-0.0");
    CHECK(float_text(1e-05) == "1.000000e-05");
    CHECK(float_text(-1.3969838619232178e-09) == "-1.396984e-09");
    CHECK(float_text(2.5e16) == "2.500000e+16");
    CHECK(string_text("190.00001639127731%") == "190.000016%");
    CHECK(string_text("7.1e-05%") == "7.1e-05%");
    CHECK(string_text("<class 'float'>") == "<class float>");
    CHECK(string_text("None") == "null");
    CHECK(string_text("-inf\t") == "-inf\t");
}

TEST_CASE("graph moves a layer recomputed at the top level under its model's backward node") {
    // Activation checkpointing: Layer's forward runs again (call 1) during the model's backward,
    // outside any module, and its backward follows.
    const fs::path dir = msprobe::testing::scratch_dir("graph_recompute");
    fs::create_directories(dir / "npu");
    std::ofstream(dir / "npu" / "dump.json")
        << R"({"task": "statistics", "level": "L0", "framework": "pytorch", "dump_data_dir": null, "data": {}})";
    std::ofstream(dir / "npu" / "construct.json") << R"({
"Module.model.Model.forward.0": null,
"Module.layers.0.Layer.forward.0": "Module.model.Model.forward.0",
"Module.model.Model.backward.0": null,
"Module.layers.0.Layer.forward.1": null,
"Module.layers.0.Layer.backward.1": null})";
    std::ofstream(dir / "npu" / "stack.json") << "{}";
    const fs::path db = run(write_input(dir, R"({"npu_path": ")" + (dir / "npu").string() + R"("})"), dir / "out").db;
    const auto rows = query_rows(db, "SELECT node_name, up_node, sub_nodes FROM tb_nodes ORDER BY node_order");
    CHECK(rows == std::vector<std::vector<std::string>>{
                      {"node_name", "up_node", "sub_nodes"},
                      {"Module.layers.0.Layer.forward.0", "Module.model.Model.forward.0", ""},
                      {"Module.model.Model.forward.0", "DefaultModel", R"(["Module.layers.0.Layer.forward.0"])"},
                      {"Module.layers.0.Layer.forward.1", "Module.model.Model.backward.0", ""},
                      {"Module.layers.0.Layer.backward.1", "Module.model.Model.backward.0", ""},
                      {"Module.model.Model.backward.0", "DefaultModel",
                       R"(["Module.layers.0.Layer.forward.1", "Module.layers.0.Layer.backward.1"])"},
                      {"DefaultModel", "", R"(["Module.model.Model.forward.0", "Module.model.Model.backward.0"])"},
                  });
}

TEST_CASE(
    "graph --html: the tree is the NPU graph in node order, coloured by the legend, the table its compared nodes") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_html");
    write_rank(dir / "npu", 3);  // fc's outputs 200% larger: capped at index 1, the legend's red
    write_rank(dir / "bench", 1);
    const fs::path input = write_input(dir, R"({"npu_path": ")" + (dir / "npu").string() + R"(", "bench_path": ")" +
                                                (dir / "bench").string() + R"("})");
    const fs::path db = run(input, dir / "out", false, dir / "out" / "report.html").db;
    const auto data =
        msprobe::testing::embedded_report_data(msprobe::testing::read_file_text(dir / "out" / "report.html"));
    REQUIRE(data["sections"].size() == 1);
    const auto& section = data["sections"][0];
    CHECK(section["label"] == "rank0");
    CHECK(section["columns"] ==
          nlohmann::json::array({"NPU Name", "Bench Name", "Node Type", "Precision Index", "Colour"}));

    // Tree: every NPU row of tb_nodes in node order, then the section's own root.
    const auto nodes = query_rows(db,
                                  "SELECT node_name, up_node, precision_index FROM tb_nodes WHERE graph_id = "
                                  "'NPU_0_0' ORDER BY node_order");
    const auto& tree = section["tree"];
    REQUIRE(tree.size() == nodes.size());  // header row of the query ↔ the section's root node
    std::vector<std::string> compared;
    for (std::size_t i = 1; i < nodes.size(); ++i) {
        const auto& node = tree[i - 1];
        CHECK(node[0] == "rank0/" + nodes[i][0]);
        CHECK(node[1] == (nodes[i][1].empty() ? std::string("rank0") : "rank0/" + nodes[i][1]));
        CHECK(node[2] == nodes[i][0]);
        if (nodes[i][2] == "NULL") {
            CHECK(node[3].is_null());
            CHECK(node.size() == 5);
        } else {
            CHECK(node[3].get<double>() == Approx(std::stod(nodes[i][2])));
            compared.push_back(nodes[i][0]);
        }
    }
    CHECK(tree.back() == nlohmann::json::array({"rank0", "", "rank0", nullptr, ""}));

    // fc's linear comes first in node order and is red: the first error, in the table and in the tree.
    const auto level_of = [&](const std::string& name) {
        for (const auto& node : tree) {
            if (node[2] == name) return node.size() > 5 ? node[5].get<int>() : -1;
        }
        return -2;
    };
    CHECK(level_of("Functional.linear.0.forward") == 2);
    CHECK(level_of("Module.fc.Linear.forward.0") == 2);
    CHECK(level_of("Module.fc.Linear.backward.0") == 0);  // unchanged data: index 0
    CHECK(level_of("DefaultModel") == -1);                // matched, no data: no index, no level
    const auto& rows = section["rows"];
    REQUIRE(rows.size() == compared.size());
    for (std::size_t r = 0; r < rows.size(); ++r) CHECK(rows[r][1] == compared[r]);
    REQUIRE(section["firstProblem"].is_number());
    const auto& first = rows[section["firstProblem"].get<std::size_t>()];
    CHECK(first == nlohmann::json::array(
                       {2, "Functional.linear.0.forward", "Functional.linear.0.forward", "api", 1, "#FF704D"}));
    CHECK(section["firstProblemLevel"] == "error");
}

TEST_CASE("graph --html: md5 digests turn the index round, a build has a plain tree, a folder is refused") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_html_md5");
    write_rank(dir / "npu", 1.5f, true);
    write_rank(dir / "bench", 1, true);
    run(write_input(dir, R"({"npu_path": ")" + (dir / "npu").string() + R"(", "bench_path": ")" +
                             (dir / "bench").string() + R"("})"),
        dir / "out", false, dir / "md5.html");
    const auto md5 = msprobe::testing::embedded_report_data(msprobe::testing::read_file_text(dir / "md5.html"));
    for (const auto& node : md5["sections"][0]["tree"]) {
        if (node[2] == "Module.fc.Linear.forward.0") {  // digests differ: index 0, red, the page's 1
            CHECK(node[3] == 1);
            CHECK(node[4] == "#FF704D");
            CHECK(node[5] == 2);
        }
        if (node[2] == "Module.fc.Linear.backward.0") {  // equal digests: index 1, the page's 0
            CHECK(node[3] == 0);
            CHECK(node[4] == "#FFFCF3");
            CHECK(node[5] == 0);
        }
    }

    run(write_input(dir, R"({"npu_path": ")" + (dir / "npu").string() + R"("})"), dir / "build", false,
        dir / "build.html");
    const auto build = msprobe::testing::embedded_report_data(msprobe::testing::read_file_text(dir / "build.html"));
    CHECK(build["sections"][0]["rows"].empty());
    CHECK(build["sections"][0]["tree"].size() == 12);  // 11 nodes and the section's root
    for (const auto& node : build["sections"][0]["tree"]) {
        CHECK(node[3].is_null());
        CHECK(node[4] == "");
    }

    // graph_visualize's verdict index (pass 0, error 1) is not turned round, and takes the three-colour legend.
    run(write_input(dir, R"({"npu_path": ")" + (dir / "npu").string() + R"(", "bench_path": ")" +
                             (dir / "bench").string() + R"("})"),
        dir / "visualize", false, dir / "visualize.html", true);
    const auto verdicts =
        msprobe::testing::embedded_report_data(msprobe::testing::read_file_text(dir / "visualize.html"));
    int checked = 0;
    for (const auto& node : verdicts["sections"][0]["tree"]) {
        if (node[2] == "Module.fc.Linear.forward.0") {
            CHECK(node[3] == 1);
            CHECK(node[4] == "#FF704D");
            CHECK(node[5] == 2);
            ++checked;
        }
        if (node[2] == "Module.fc.Linear.backward.0") {
            CHECK(node[3] == 0);
            CHECK(node[4] == "#FFFCF3");
            CHECK(node[5] == 0);
            ++checked;
        }
    }
    CHECK(checked == 2);

    fs::create_directories(dir / "folder.html");
    CHECK_THROWS_AS(run(write_input(dir, R"({"npu_path": ")" + (dir / "npu").string() + R"("})"), dir / "refused",
                        false, dir / "folder.html"),
                    msprobe::Error);
    CHECK_FALSE(fs::exists(dir / "refused"));
}
