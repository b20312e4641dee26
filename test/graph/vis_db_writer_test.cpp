// The .vis.db writer: the three tables with spec graph.md §9's columns, one tb_nodes row per node, the stacks
// numbered as first met, the first config row, the two formats, the bounded matched_node_link, and the files
// left beside the database.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <span>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/thread_pool.hpp"
#include "graph/model_graph.hpp"
#include "graph/vis_db_writer.hpp"
#include "support/captured_output.hpp"
#include "support/shared_fixtures.hpp"
#include "vis_db_query.hpp"

namespace fs = std::filesystem;
using namespace msprobe::graph;
using msprobe::testing::DbRows;
using msprobe::testing::query_rows;

namespace {

using Row = std::vector<std::string>;

// Ids of a tiny graph: a DDP wrapper holding an API and a batch P2P call, an API collection beside it.
constexpr const char* kLayer = "Module.module.DistributedDataParallel.forward.0";
constexpr const char* kAdd = "Torch.add.0.forward";
constexpr const char* kBatch = "Distributed.batch_isend_irecv.0.forward";
constexpr const char* kApis = "Apis_Between_Modules.0";
constexpr const char* kDumpDir = "/data/step2/rank1/dump_tensor_data";

// Two call sites; the second with a real newline and a non-ASCII character, which json.dumps escapes.
const std::vector<std::string> kFramesA = {"File a.py, line 1, in f, \n x = 1"};
const std::vector<std::string> kFramesB = {"File /home/us\xc3\xa9r/b.py, line 2, in g, \n y = 2"};
constexpr const char* kFramesAJson = R"(["File a.py, line 1, in f, \n x = 1"])";
constexpr const char* kFramesBJson = R"(["File /home/us\u00e9r/b.py, line 2, in g, \n y = 2"])";

constexpr const char* kDistributedMatch =
    R"({"communications_type": "send", "nodes_info": {"0": ["Nan", "Distributed.batch_isend_irecv.0.forward"]}})";

PortItem item(const std::string& name) {
    PortItem port;
    msprobe::dump::DumpRow row;
    row.name = name;
    port.set_row(row);
    return port;
}

// Post order: Torch.add (0), the batch call (1), the layer (2), the collection (3), DefaultModel (4).
ModelGraph tiny_graph() {
    ModelGraph graph;
    GraphNode& layer = graph.add(kLayer, NodeKind::Module);
    GraphNode& add = graph.add(kAdd, NodeKind::Api);
    GraphNode& batch = graph.add(kBatch, NodeKind::Api);
    GraphNode& apis = graph.add(kApis, NodeKind::ApiCollection);
    attach(layer, graph.root());
    attach(add, layer);
    attach(batch, layer);
    attach(apis, graph.root());
    graph.dump_data_dir = kDumpDir;

    add.stack = &kFramesA;
    batch.stack = &kFramesB;
    layer.stack = &kFramesA;  // the same list: the same tb_stack row

    add.micro_step = 1;
    batch.micro_step = 2;
    layer.micro_step = 1;

    add.precision = PrecisionIndex{0.25, false};
    layer.precision = PrecisionIndex{1, true};
    apis.precision = PrecisionIndex{1.0, false};  // an integral float: SQLite keeps it as an INTEGER

    batch.writable_rare().overflow_level = "critical";
    layer.writable_rare().parallel_merge_info = {"This data is merged.", "line 2"};
    batch.writable_rare().matched_distributed = kDistributedMatch;

    PortItem scalar = item("Torch.add.0.forward.input.0");
    ItemFields scalar_fields;
    scalar_fields.add("type", "float");
    scalar_fields.add_float("value", 0.1234567);
    scalar_fields.add("state", "input");   // never exported
    scalar_fields.add("md5", "0a1b2c3d");  // only in an md5 compare
    scalar.append_fields(scalar_fields);
    add.inputs.push_back(std::move(scalar));

    PortItem op = item("Distributed.batch_isend_irecv.0.forward.output.0");
    ItemFields op_fields;
    op_fields.add("type", "torch.distributed.P2POp");
    op_fields.add("op", "isend");  // a batch call's P2POp fields are dropped
    op_fields.add("peer", "0");
    op_fields.add("data_name", "-1");
    op.append_fields(op_fields);
    batch.outputs.push_back(std::move(op));
    return graph;
}

void write_database(const fs::path& path, const std::vector<ExportedGraph>& graphs, const VisDbFormat& format = {},
                    std::size_t link_entries = kMatchedLinkEntries) {
    msprobe::ThreadPool pool(1);
    VisDbWriter writer(path, path.filename().string(), format, link_entries);
    for (const auto& exported : graphs) writer.add_graph(exported, pool);
    writer.finish(pool);
}

fs::path side_file(const fs::path& db, const char* suffix) {
    fs::path side = db;
    side += suffix;
    return side;
}

// Column name, declared type, NOT NULL and primary key of `table`.
DbRows columns_of(const fs::path& db, const std::string& table) {
    return query_rows(db, "SELECT name, type, \"notnull\", pk FROM pragma_table_info('" + table + "') ORDER BY cid");
}

std::vector<std::string> index_columns(const fs::path& db, const std::string& index) {
    const DbRows rows = query_rows(db, "SELECT name FROM pragma_index_info('" + index + "') ORDER BY seqno");
    std::vector<std::string> names;
    for (std::size_t r = 1; r < rows.size(); ++r) names.push_back(rows[r][0]);
    return names;
}

// The file's header bytes 18 and 19: 2 and 2 for a WAL-mode database.
std::vector<int> write_read_versions(const fs::path& db) {
    std::ifstream in(db, std::ios::binary);
    char header[20] = {};
    in.read(header, sizeof header);
    REQUIRE(in.gcount() == 20);
    return {header[18], header[19]};
}

}  // namespace

TEST_CASE("vis_db_writer: the three tables with the spec's columns, indexes and a WAL file without side files",
          "[graph][vis_db_writer]") {
    const fs::path db = msprobe::testing::scratch_dir("vis_db_writer_tables") / "build.vis.db";
    const ModelGraph graph = tiny_graph();
    write_database(db, {{&graph, "NPU", 2, 1, false}});

    for (const char* suffix : {"-wal", "-shm", "-journal"}) CHECK_FALSE(fs::exists(side_file(db, suffix)));
    CHECK(write_read_versions(db) == std::vector<int>{2, 2});  // WAL mode is kept by the file

    CHECK(query_rows(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") ==
          DbRows{{"name"}, {"tb_config"}, {"tb_nodes"}, {"tb_stack"}});
    CHECK(columns_of(db, "tb_nodes") == DbRows{{"name", "type", "notnull", "pk"},
                                               {"id", "TEXT", "0", "1"},
                                               {"graph_id", "TEXT", "1", "0"},
                                               {"node_order", "INTEGER", "1", "0"},
                                               {"node_name", "TEXT", "1", "0"},
                                               {"node_type", "TEXT", "1", "0"},
                                               {"up_node", "TEXT", "0", "0"},
                                               {"sub_nodes", "TEXT", "0", "0"},
                                               {"precision_index", "INTEGER", "0", "0"},
                                               {"overflow_level", "TEXT", "0", "0"},
                                               {"micro_step_id", "INTEGER", "1", "0"},
                                               {"matched_node_link", "TEXT", "0", "0"},
                                               {"stack_id", "TEXT", "0", "0"},
                                               {"parallel_merge_info", "TEXT", "0", "0"},
                                               {"matched_distributed", "TEXT", "0", "0"},
                                               {"modified", "INTEGER", "1", "0"},
                                               {"input_data", "TEXT", "0", "0"},
                                               {"output_data", "TEXT", "0", "0"},
                                               {"data_source", "TEXT", "0", "0"},
                                               {"dump_data_dir", "TEXT", "0", "0"},
                                               {"step", "INTEGER", "1", "0"},
                                               {"rank", "INTEGER", "1", "0"}});
    CHECK(columns_of(db, "tb_stack") ==
          DbRows{{"name", "type", "notnull", "pk"}, {"id", "TEXT", "0", "1"}, {"stack_info", "TEXT", "0", "0"}});
    CHECK(columns_of(db, "tb_config") == DbRows{{"name", "type", "notnull", "pk"},
                                                {"id", "TEXT", "0", "1"},
                                                {"graph_type", "TEXT", "1", "0"},
                                                {"task", "TEXT", "0", "0"},
                                                {"tool_tip", "TEXT", "0", "0"},
                                                {"micro_steps", "INTEGER", "0", "0"},
                                                {"overflow_check", "INTEGER", "0", "0"},
                                                {"node_colors", "TEXT", "1", "0"},
                                                {"rank_list", "TEXT", "1", "0"},
                                                {"step_list", "TEXT", "1", "0"}});

    // Spec §9.1's six indexes on tb_nodes, and no seventh without the is_distributed column.
    CHECK(query_rows(db, "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'index%' ORDER BY name") ==
          DbRows{{"name"}, {"index1"}, {"index2"}, {"index3"}, {"index4"}, {"index5"}, {"index6"}});
    using Columns = std::vector<std::string>;
    CHECK(index_columns(db, "index1") == Columns{"step", "rank", "data_source", "up_node", "node_order"});
    CHECK(index_columns(db, "index2") == Columns{"step", "rank", "data_source", "node_name"});
    CHECK(index_columns(db, "index3") == Columns{"step", "rank", "data_source", "node_order"});
    CHECK(index_columns(db, "index4") == Columns{"step", "rank", "node_order"});
    CHECK(index_columns(db, "index5") == Columns{"step", "rank", "micro_step_id", "node_order"});
    CHECK(index_columns(db, "index6") == Columns{"step", "rank", "modified", "matched_node_link"});
}

TEST_CASE("vis_db_writer: one tb_nodes row per node in post order, and its stacks as first met",
          "[graph][vis_db_writer]") {
    const fs::path db = msprobe::testing::scratch_dir("vis_db_writer_rows") / "build.vis.db";
    const ModelGraph graph = tiny_graph();
    write_database(db, {{&graph, "NPU", 2, 1, false}});

    const std::string layer_children = R"(["Torch.add.0.forward", "Distributed.batch_isend_irecv.0.forward"])";
    const std::string root_children = std::string(R"([")") + kLayer + R"(", "Apis_Between_Modules.0"])";
    const std::string add_inputs = R"({"Torch.add.0.forward.input.0": {"type": "float", "value": "0.123457"}})";
    const std::string batch_outputs = R"({"Distributed.batch_isend_irecv.0.forward.output.0": )"
                                      R"({"type": "torch.distributed.P2POp", "data_name": "-1"}})";
    const std::string merge_info = R"(["This data is merged.", "line 2"])";
    CHECK(query_rows(db, "SELECT * FROM tb_nodes ORDER BY node_order") ==
          DbRows{{"id",
                  "graph_id",
                  "node_order",
                  "node_name",
                  "node_type",
                  "up_node",
                  "sub_nodes",
                  "precision_index",
                  "overflow_level",
                  "micro_step_id",
                  "matched_node_link",
                  "stack_id",
                  "parallel_merge_info",
                  "matched_distributed",
                  "modified",
                  "input_data",
                  "output_data",
                  "data_source",
                  "dump_data_dir",
                  "step",
                  "rank"},
                 {"NPU_2_1_Torch.add.0.forward",
                  "NPU_2_1",
                  "0",
                  kAdd,
                  "1",
                  kLayer,
                  "",
                  "0.25",
                  "NULL",
                  "1",
                  "[]",
                  "NPU_2_1_0",
                  "",
                  "{}",
                  "0",
                  add_inputs,
                  "{}",
                  "NPU",
                  kDumpDir,
                  "2",
                  "1"},
                 {"NPU_2_1_Distributed.batch_isend_irecv.0.forward",
                  "NPU_2_1",
                  "1",
                  kBatch,
                  "1",
                  kLayer,
                  "",
                  "NULL",
                  "critical",
                  "2",
                  "[]",
                  "NPU_2_1_1",
                  "",
                  kDistributedMatch,
                  "0",
                  "{}",
                  batch_outputs,
                  "NPU",
                  kDumpDir,
                  "2",
                  "1"},
                 {"NPU_2_1_Module.module.DistributedDataParallel.forward.0",
                  "NPU_2_1",
                  "2",
                  kLayer,
                  "0",
                  "DefaultModel",
                  layer_children,
                  "1",
                  "NULL",
                  "1",
                  "[]",
                  "NPU_2_1_0",
                  merge_info,
                  "{}",
                  "0",
                  "{}",
                  "{}",
                  "NPU",
                  kDumpDir,
                  "2",
                  "1"},
                 {"NPU_2_1_Apis_Between_Modules.0",
                  "NPU_2_1",
                  "3",
                  kApis,
                  "9",
                  "DefaultModel",
                  "",
                  "1",
                  "NULL",
                  "0",
                  "[]",
                  "NPU_2_1_2",
                  "",
                  "{}",
                  "0",
                  "{}",
                  "{}",
                  "NPU",
                  kDumpDir,
                  "2",
                  "1"},
                 {"NPU_2_1_DefaultModel",
                  "NPU_2_1",
                  "4",
                  "DefaultModel",
                  "0",
                  "",
                  root_children,
                  "NULL",
                  "NULL",
                  "0",
                  "[]",
                  "NPU_2_1_2",
                  "",
                  "{}",
                  "0",
                  "{}",
                  "{}",
                  "NPU",
                  kDumpDir,
                  "2",
                  "1"}});
    // node_type is stored as text (the column's affinity); a float index as REAL, an integral one as INTEGER.
    CHECK(query_rows(db, "SELECT typeof(node_type), typeof(precision_index) FROM tb_nodes ORDER BY node_order") ==
          DbRows{{"typeof(node_type)", "typeof(precision_index)"},
                 {"text", "real"},
                 {"text", "null"},
                 {"text", "integer"},
                 {"text", "integer"},
                 {"text", "null"}});

    // A new frame list gets the next number; the nodes without a stack share the `[]` row.
    CHECK(query_rows(db, "SELECT * FROM tb_stack ORDER BY id") ==
          DbRows{{"id", "stack_info"}, {"NPU_2_1_0", kFramesAJson}, {"NPU_2_1_1", kFramesBJson}, {"NPU_2_1_2", "[]"}});
    // No config row unless one is added.
    CHECK(query_rows(db, "SELECT count(*) FROM tb_config") == DbRows{{"count(*)"}, {"0"}});
}

TEST_CASE("vis_db_writer: tb_config holds the first row added", "[graph][vis_db_writer]") {
    const fs::path db = msprobe::testing::scratch_dir("vis_db_writer_config") / "run.vis.db";
    {
        VisDbWriter writer(db, "run.vis.db");
        ConfigRow build;
        build.graph_type = "build";
        build.micro_steps = 3;
        build.overflow_check = true;
        build.rank_list = {0, 1};
        build.step_list = {2};
        writer.add_config(build);
        ConfigRow compare;  // a later export's row is ignored, as msprobe's INSERT OR IGNORE
        compare.graph_type = "compare";
        compare.task = "summary";
        compare.tool_tip = R"({"Max diff": "NPU max - Bench max"})";
        compare.node_colors = R"({"#C7C7C7": {"value": [], "description": "unmatched"}})";
        compare.rank_list = {0};
        compare.step_list = {0};
        writer.add_config(compare);
        msprobe::ThreadPool pool(1);
        writer.finish(pool);
    }
    // Spec §9.5: a build's task is "", its tool_tip NULL, its colours the text null.
    CHECK(query_rows(db, "SELECT * FROM tb_config") ==
          DbRows{{"id", "graph_type", "task", "tool_tip", "micro_steps", "overflow_check", "node_colors", "rank_list",
                  "step_list"},
                 {"1", "build", "", "NULL", "3", "1", "null", "[0, 1]", "[2]"}});

    const fs::path compare_db = msprobe::testing::scratch_dir("vis_db_writer_config_compare") / "run.vis.db";
    {
        VisDbWriter writer(compare_db, "run.vis.db");
        ConfigRow compare;
        compare.graph_type = "compare";
        compare.task = "md5";
        compare.tool_tip = R"({"md5": "CRC-32"})";
        compare.rank_list = {3, 1};
        writer.add_config(compare);
        msprobe::ThreadPool pool(1);
        writer.finish(pool);
    }
    CHECK(query_rows(compare_db, "SELECT * FROM tb_config") ==
          DbRows{{"id", "graph_type", "task", "tool_tip", "micro_steps", "overflow_check", "node_colors", "rank_list",
                  "step_list"},
                 {"1", "compare", "md5", R"({"md5": "CRC-32"})", "1", "0", "null", "[3, 1]", "[]"}});
}

TEST_CASE("vis_db_writer: August's format ends tb_nodes with is_distributed and writes floats in full",
          "[graph][vis_db_writer]") {
    const fs::path db = msprobe::testing::scratch_dir("vis_db_writer_august") / "build.vis.db";
    const ModelGraph graph = tiny_graph();
    VisDbFormat august;
    august.is_distributed_column = true;
    august.full_floats = true;
    write_database(db, {{&graph, "NPU", 0, 0, true}}, august);

    const DbRows columns = columns_of(db, "tb_nodes");
    REQUIRE(columns.size() == 1 + 22);
    CHECK(columns[21] == Row{"rank", "INTEGER", "1", "0"});
    CHECK(columns[22] == Row{"is_distributed", "INTEGER", "0", "0"});
    CHECK(index_columns(db, "index7") == std::vector<std::string>{"is_distributed"});

    // 1 only for the node whose id starts with Distributed, not for the DDP module that holds the word.
    CHECK(query_rows(db, "SELECT node_name, is_distributed FROM tb_nodes ORDER BY node_order") ==
          DbRows{{"node_name", "is_distributed"},
                 {kAdd, "0"},
                 {kBatch, "1"},
                 {kLayer, "0"},
                 {kApis, "0"},
                 {"DefaultModel", "0"}});
    // The float unrounded, and (keep_md5) the digest kept.
    CHECK(query_rows(db, "SELECT input_data FROM tb_nodes WHERE node_name = 'Torch.add.0.forward'") ==
          DbRows{{"input_data"},
                 {R"({"Torch.add.0.forward.input.0": {"type": "float", "value": "0.1234567", "md5": "0a1b2c3d"}})"}});

    // The default format: 6 decimals, and no is_distributed column or index.
    const fs::path rounded = msprobe::testing::scratch_dir("vis_db_writer_rounded") / "build.vis.db";
    write_database(rounded, {{&graph, "NPU", 0, 0, true}});
    CHECK(query_rows(rounded, "SELECT input_data FROM tb_nodes WHERE node_name = 'Torch.add.0.forward'") ==
          DbRows{{"input_data"},
                 {R"({"Torch.add.0.forward.input.0": {"type": "float", "value": "0.123457", "md5": "0a1b2c3d"}})"}});
    CHECK(columns_of(rounded, "tb_nodes").size() == 1 + 21);
    CHECK(query_rows(rounded, "SELECT count(*) FROM sqlite_master WHERE name = 'index7'") ==
          DbRows{{"count(*)"}, {"0"}});
}

TEST_CASE("vis_db_writer: matched_node_link lists the partner's ancestors and the partner, the nearest in the bound",
          "[graph][vis_db_writer]") {
    // Bench: DefaultModel > Module.a > Module.b > Module.c > Torch.add; NPU: DefaultModel > Torch.add.
    ModelGraph bench;
    GraphNode& a = bench.add("Module.a.A.forward.0", NodeKind::Module);
    GraphNode& b = bench.add("Module.b.B.forward.0", NodeKind::Module);
    GraphNode& c = bench.add("Module.c.C.forward.0", NodeKind::Module);
    GraphNode& bench_add = bench.add(kAdd, NodeKind::Api);
    attach(a, bench.root());
    attach(b, a);
    attach(c, b);
    attach(bench_add, c);
    ModelGraph npu;
    GraphNode& npu_add = npu.add(kAdd, NodeKind::Api);
    attach(npu_add, npu.root());
    npu_add.partner = &bench_add;
    bench_add.partner = &npu_add;
    npu.root().partner = &bench.root();
    bench.root().partner = &npu.root();
    const std::vector<ExportedGraph> graphs = {{&npu, "NPU", 0, 0, false}, {&bench, "Bench", 0, 0, false}};
    const std::string links =
        "SELECT id, matched_node_link, dump_data_dir FROM tb_nodes ORDER BY data_source DESC, "
        "node_order";
    const Row header = {"id", "matched_node_link", "dump_data_dir"};

    const fs::path dir = msprobe::testing::scratch_dir("vis_db_writer_links");
    const std::string out =
        msprobe::testing::captured_output(STDOUT_FILENO, [&] { write_database(dir / "bound3.vis.db", graphs, {}, 3); });
    CHECK(query_rows(dir / "bound3.vis.db", links) ==
          DbRows{header,
                 {"NPU_0_0_Torch.add.0.forward",
                  R"(["Module.b.B.forward.0", "Module.c.C.forward.0", )"
                  R"("Torch.add.0.forward"])",
                  "NULL"},
                 {"NPU_0_0_DefaultModel", R"(["DefaultModel"])", "NULL"},
                 {"Bench_0_0_Torch.add.0.forward", R"(["DefaultModel", "Torch.add.0.forward"])", "NULL"},
                 {"Bench_0_0_Module.c.C.forward.0", "[]", "NULL"},
                 {"Bench_0_0_Module.b.B.forward.0", "[]", "NULL"},
                 {"Bench_0_0_Module.a.A.forward.0", "[]", "NULL"},
                 {"Bench_0_0_DefaultModel", R"(["DefaultModel"])", "NULL"}});
    const char* level = std::getenv("MSPROBE_LOG_LEVEL");
    if (!level || std::string(level) == "1" || std::string(level) == "2") {
        CHECK(out.find("1 node(s) are matched with a partner nested more than 3 modules deep") != std::string::npos);
    }

    // Five entries fit a bound of five, and the default bound, uncut.
    const std::string full = R"(["DefaultModel", "Module.a.A.forward.0", "Module.b.B.forward.0", )"
                             R"("Module.c.C.forward.0", "Torch.add.0.forward"])";
    const std::string quiet =
        msprobe::testing::captured_output(STDOUT_FILENO, [&] { write_database(dir / "bound5.vis.db", graphs, {}, 5); });
    CHECK(quiet.find("node(s) are matched") == std::string::npos);
    write_database(dir / "default.vis.db", graphs);
    const std::string npu_add_link = "SELECT matched_node_link FROM tb_nodes WHERE id = 'NPU_0_0_Torch.add.0.forward'";
    CHECK(query_rows(dir / "bound5.vis.db", npu_add_link) == DbRows{{"matched_node_link"}, {full}});
    CHECK(query_rows(dir / "default.vis.db", npu_add_link) == DbRows{{"matched_node_link"}, {full}});
}

TEST_CASE(
    "vis_db_writer: the nodes whose rows are written are handed on in order, and freeing their items there "
    "changes no row",
    "[graph][vis_db_writer]") {
    // More nodes than a batch of rows holds, each with an item.
    const auto make = [] {
        ModelGraph graph;
        for (int i = 0; i < 700; ++i) {
            GraphNode& api = graph.add("Torch.add." + std::to_string(i) + ".forward", NodeKind::Api);
            attach(api, graph.root());
            PortItem in = item(api.id + ".input.0");
            ItemFields fields;
            fields.add_float("Max", i);
            in.append_fields(fields);
            api.inputs.push_back(std::move(in));
        }
        return graph;
    };
    const fs::path dir = msprobe::testing::scratch_dir("vis_db_writer_after_rows");
    const ModelGraph kept = make();
    write_database(dir / "kept.vis.db", {{&kept, "NPU", 0, 0, false}});

    ModelGraph freed = make();
    std::vector<std::string> handed;
    ExportedGraph exported{&freed, "NPU", 0, 0, false};
    exported.after_rows = [&](std::span<const GraphNode* const> written) {
        for (const GraphNode* node : written) {
            handed.push_back(node->id);
            freed.release_items(*node);
        }
    };
    write_database(dir / "freed.vis.db", {exported});
    std::vector<std::string> order;
    for (const GraphNode* node : kept.post_order()) order.push_back(node->id);
    CHECK(handed == order);
    CHECK(freed.find("Torch.add.699.forward")->inputs.empty());
    const std::string rows = "SELECT * FROM tb_nodes ORDER BY rowid";
    CHECK(query_rows(dir / "freed.vis.db", rows) == query_rows(dir / "kept.vis.db", rows));
    CHECK(query_rows(dir / "freed.vis.db", "SELECT input_data FROM tb_nodes WHERE node_name = 'Torch.add.699.forward'")
              .at(1)
              .at(0)
              .find("Torch.add.699.forward.input.0") != std::string::npos);
}

TEST_CASE(
    "vis_db_writer: an unfinished writer leaves no side file and puts tb_nodes back, a missing folder is "
    "refused",
    "[graph][vis_db_writer]") {
    const fs::path dir = msprobe::testing::scratch_dir("vis_db_writer_unfinished");
    const fs::path db = dir / "run.vis.db";
    const ModelGraph graph = tiny_graph();
    {
        msprobe::ThreadPool pool(1);
        VisDbWriter writer(db, "run.vis.db");
        writer.add_graph({&graph, "NPU", 0, 0, false}, pool);
        for (const char* suffix : {"-wal", "-shm", "-journal"}) CHECK_FALSE(fs::exists(side_file(db, suffix)));
    }
    for (const char* suffix : {"-wal", "-shm", "-journal"}) CHECK_FALSE(fs::exists(side_file(db, suffix)));
    CHECK(fs::exists(db));  // the database itself is its stager's to remove
    CHECK(query_rows(db, "PRAGMA integrity_check") == DbRows{{"integrity_check"}, {"ok"}});
    CHECK(query_rows(db, "SELECT count(*) FROM tb_nodes") == DbRows{{"count(*)"}, {"0"}});

    // Errors name the shown name, not the staged path.
    const fs::path missing = dir / "no_such_folder" / ".run.vis.db.staged";
    try {
        VisDbWriter writer(missing, "out/run.vis.db");
        FAIL("a database in a missing folder was created");
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == "out/run.vis.db");
        CHECK(e.reason().rfind("cannot create the database: ", 0) == 0);
    }
    CHECK_FALSE(fs::exists(dir / "no_such_folder"));
}

TEST_CASE("vis_db_writer: rows and indexes written straight into the file are whole and found through each index",
          "[graph][vis_db_writer]") {
    const fs::path dir = msprobe::testing::scratch_dir("vis_db_writer_direct");
    ModelGraph npu = tiny_graph();
    // A row far larger than a page, and enough rows for trees of several levels.
    PortItem wide = item("Torch.add.0.forward.output.0");
    ItemFields wide_fields;
    wide_fields.add("type", "str");
    wide_fields.add("value", std::string(20000, 'w'));
    wide.append_fields(wide_fields);
    npu.find("Torch.add.0.forward")->outputs.push_back(std::move(wide));
    GraphNode& layer = *npu.find(kLayer);
    for (int i = 0; i < 3000; ++i) {
        GraphNode& api = npu.add("Torch.mul." + std::to_string(i) + ".forward", NodeKind::Api);
        attach(api, layer);
        api.precision = PrecisionIndex{static_cast<double>(i % 3) / 2.0, false};
    }
    const ModelGraph bench = tiny_graph();
    write_database(dir / "run.vis.db", {{&npu, "NPU", 0, 0, false}, {&bench, "Bench", 0, 0, false}},
                   VisDbFormat{true, false});
    const fs::path db = dir / "run.vis.db";
    CHECK(query_rows(db, "PRAGMA integrity_check") == DbRows{{"integrity_check"}, {"ok"}});
    CHECK(query_rows(db, "SELECT count(*) FROM tb_nodes") == DbRows{{"count(*)"}, {"3010"}});
    CHECK(query_rows(db, "SELECT length(output_data) > 20000 FROM tb_nodes WHERE id = 'NPU_0_0_Torch.add.0.forward'") ==
          DbRows{{"length(output_data) > 20000"}, {"1"}});
    // Lookups that go through index1, index2 and the primary key.
    CHECK(query_rows(db,
                     "SELECT count(*) FROM tb_nodes INDEXED BY index1 WHERE step = 0 AND rank = 0 AND "
                     "data_source = 'NPU' AND up_node = '" +
                         std::string(kLayer) + "'") == DbRows{{"count(*)"}, {"3002"}});
    CHECK(query_rows(db,
                     "SELECT node_order FROM tb_nodes INDEXED BY index2 WHERE step = 0 AND rank = 0 AND "
                     "data_source = 'Bench' AND node_name = 'Torch.add.0.forward'") == DbRows{{"node_order"}, {"0"}});
    CHECK(query_rows(db,
                     "SELECT typeof(precision_index), count(*) FROM tb_nodes WHERE node_name LIKE 'Torch.mul.%' "
                     "GROUP BY 1 ORDER BY 1") ==
          DbRows{{"typeof(precision_index)", "count(*)"}, {"integer", "2000"}, {"real", "1000"}});
    CHECK(query_rows(db, "SELECT count(*) FROM tb_nodes INDEXED BY index7 WHERE is_distributed = 1") ==
          DbRows{{"count(*)"}, {"2"}});
    CHECK(write_read_versions(db) == std::vector<int>{2, 2});

    // Two graphs of one id: the primary key refuses them, naming the file.
    try {
        write_database(dir / "twice.vis.db", {{&bench, "NPU", 0, 0, false}, {&bench, "NPU", 0, 0, false}});
        FAIL("two graphs with one id were written");
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == "twice.vis.db");
        CHECK(e.reason().find("NPU_0_0_") != std::string::npos);
    }
}
