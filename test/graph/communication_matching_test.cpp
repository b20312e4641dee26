// Links of Distributed nodes across ranks on small hand-written rank folders:
// send/recv by their dst/src, collectives by their group, batch_isend_irecv
// by each operation's peer.
#include <catch2/catch.hpp>

#include <fstream>

#include "graph/graph_job.hpp"
#include "graph_run.hpp"
#include "support/shared_fixtures.hpp"
#include "vis_db_query.hpp"

namespace fs = std::filesystem;
using msprobe::testing::query_rows;

namespace {

std::string tensor(double value) {
    return R"({"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2], "Max": )" + std::to_string(value) +
           R"(, "Min": 0.0, "Mean": 0.5, "Norm": 1.0, "requires_grad": false})";
}

std::string p2p(const std::string& op, int peer) {
    return R"({"class_type": "torch.distributed.P2POp", "op": ")" + op + R"(", "peer": )" + std::to_string(peer) +
           R"(, "tag": 0, "tensor": )" + tensor(1) + "}";
}

std::string group() { return R"({"type": "torch.ProcessGroup", "group_ranks": [0, 1], "group_id": "77849d8c"})"; }

// One rank: an all_reduce over both ranks, a send (rank 0) or recv (rank 1)
// whose output's Max is `point_max`, a batch of one isend and one irecv.
void write_rank(const fs::path& dir, int rank, double point_max = 1) {
    fs::create_directories(dir);
    const int peer = 1 - rank;
    const std::string point = rank == 0 ? "Distributed.send.0.forward" : "Distributed.recv.0.forward";
    const std::string point_key = rank == 0 ? "dst" : "src";
    std::ofstream(dir / "dump.json") << R"({"task": "statistics", "level": "mix", "framework": "pytorch",
"dump_data_dir": null, "data": {
"Distributed.all_reduce.0.forward": {"input_args": [)" +
                                            tensor(2) + R"(], "input_kwargs": {"group": )" + group() +
                                            R"(}, "output": [)" + tensor(2) + R"(]},
")" + point + R"(": {"input_args": [)" + tensor(1) +
                                            R"(], "input_kwargs": {")" + point_key + R"(": {"type": "int", "value": )" +
                                            std::to_string(peer) + R"(}}, "output": [)" + tensor(point_max) + R"(]},
"Distributed.batch_isend_irecv.0.forward": {"input_args": [], "input_kwargs": {}, "output": [[)" +
                                            p2p("isend", peer) + ", " + p2p("irecv", peer) + R"(]]}
}})";
    std::ofstream(dir / "construct.json") << R"({"Distributed.all_reduce.0.forward": null, ")" + point +
                                                 R"(": null, "Distributed.batch_isend_irecv.0.forward": null})";
    std::ofstream(dir / "stack.json") << "{}";
}

// graph (input.json naming dir/npu), or graph_visualize -tp dir/npu with `visualize`; the database written in
// dir/<out>.
fs::path run_on(const fs::path& dir, const std::string& out, bool visualize = false, bool strict_compat = false) {
    std::ofstream(dir / "input.json") << R"({"npu_path": ")" + (dir / "npu").string() + R"("})";
    msprobe::graph::GraphOptions options;
    options.input = dir / "input.json";
    if (visualize) options.run_input = msprobe::graph::RunInput{dir / "npu", std::nullopt, std::nullopt, std::nullopt};
    options.output_dir = dir / out;
    options.behaviour = msprobe::testing::command_behaviour(visualize);
    options.strict_compat = strict_compat;
    return msprobe::testing::run_graph(options);
}

std::string linked(const fs::path& db, const std::string& id) {
    const auto rows = query_rows(db, "SELECT matched_distributed FROM tb_nodes WHERE id = '" + id + "'");
    REQUIRE(rows.size() == 2);
    return rows[1][0];
}

}  // namespace

TEST_CASE("graph links communication nodes across ranks") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_communication");
    write_rank(dir / "npu" / "rank0", 0);
    write_rank(dir / "npu" / "rank1", 1);
    const fs::path db = run_on(dir, "out");

    // A build has no precision index: the partner's index reads Nan.
    CHECK(
        linked(db, "NPU_0_0_Distributed.all_reduce.0.forward") ==
        R"({"communications_type": "send_receive", "nodes_info": {"1": ["Nan", "Distributed.all_reduce.0.forward"]}})");
    CHECK(
        linked(db, "NPU_0_1_Distributed.all_reduce.0.forward") ==
        R"({"communications_type": "send_receive", "nodes_info": {"0": ["Nan", "Distributed.all_reduce.0.forward"]}})");
    CHECK(linked(db, "NPU_0_0_Distributed.send.0.forward") ==
          R"({"communications_type": "send", "nodes_info": {"1": ["Nan", "Distributed.recv.0.forward"]}})");
    CHECK(linked(db, "NPU_0_1_Distributed.recv.0.forward") ==
          R"({"communications_type": "receive", "nodes_info": {"0": ["Nan", "Distributed.send.0.forward"]}})");
    CHECK(
        linked(db, "NPU_0_0_Distributed.batch_isend_irecv.0.forward") ==
        R"([{"communications_type": "send", "nodes_info": {"1": ["Nan", "Distributed.batch_isend_irecv.0.forward"]}}, )"
        R"({"communications_type": "receive", "nodes_info": {"1": ["Nan", "Distributed.batch_isend_irecv.0.forward"]}}])");
    // The batch's P2POp fields are not shown on its items.
    const auto outputs = query_rows(db,
                                    "SELECT output_data FROM tb_nodes WHERE id = "
                                    "'NPU_0_0_Distributed.batch_isend_irecv.0.forward'");
    CHECK(outputs[1][0].find("\"op\"") == std::string::npos);
    CHECK(outputs[1][0].find("\"peer\"") == std::string::npos);
}

TEST_CASE("graph_visualize links send and recv whatever their outputs, graph only when they agree") {
    // The recv's output differs from the send's (a corrupted transfer).
    const fs::path dir = msprobe::testing::scratch_dir("graph_communication_visualize");
    write_rank(dir / "npu" / "rank0", 0, 1);
    write_rank(dir / "npu" / "rank1", 1, 3);
    const fs::path built = run_on(dir, "graph");
    CHECK(linked(built, "NPU_0_0_Distributed.send.0.forward") == "{}");
    CHECK(linked(built, "NPU_0_1_Distributed.recv.0.forward") == "{}");

    const fs::path visualized = run_on(dir, "visualize", true);
    CHECK(linked(visualized, "NPU_0_0_Distributed.send.0.forward") ==
          R"({"communications_type": "send", "nodes_info": {"1": ["Nan", "Distributed.recv.0.forward"]}})");
    CHECK(linked(visualized, "NPU_0_1_Distributed.recv.0.forward") ==
          R"({"communications_type": "receive", "nodes_info": {"0": ["Nan", "Distributed.send.0.forward"]}})");
    CHECK(
        linked(visualized, "NPU_0_1_Distributed.batch_isend_irecv.0.forward") ==
        R"([{"communications_type": "send", "nodes_info": {"0": ["Nan", "Distributed.batch_isend_irecv.0.forward"]}}, )"
        R"({"communications_type": "receive", "nodes_info": {"0": ["Nan", "Distributed.batch_isend_irecv.0.forward"]}}])");

    // msprobe's graph_visualize reads the nodes back from the database without their
    // batch operations: with strict_compat the batches stay unlinked.
    const fs::path strict = run_on(dir, "visualize_strict", true, true);
    CHECK(linked(strict, "NPU_0_0_Distributed.batch_isend_irecv.0.forward") == "{}");
    CHECK(linked(strict, "NPU_0_1_Distributed.batch_isend_irecv.0.forward") == "{}");
    CHECK(linked(strict, "NPU_0_0_Distributed.send.0.forward") ==
          R"({"communications_type": "send", "nodes_info": {"1": ["Nan", "Distributed.recv.0.forward"]}})");
}

TEST_CASE("graph_visualize numbers communication calls in node order, graph in creation order") {
    // Rank 0 creates all_reduce.0 first (construct.json order) but exports it
    // last (it sits in B, which follows A); rank 1 has both at the top level.
    const fs::path dir = msprobe::testing::scratch_dir("graph_communication_order");
    const std::string all_reduce = R"({"input_args": [)" + tensor(2) + R"(], "input_kwargs": {"group": )" + group() +
                                   R"(}, "output": [)" + tensor(2) + "]}";
    const auto write = [&](const fs::path& rank_dir, const std::string& construct) {
        fs::create_directories(rank_dir);
        std::ofstream(rank_dir / "dump.json") << R"({"task": "statistics", "level": "mix", "framework": "pytorch",
"dump_data_dir": null, "data": {"Distributed.all_reduce.0.forward": )" +
                                                     all_reduce + R"(, "Distributed.all_reduce.1.forward": )" +
                                                     all_reduce + "}}";
        std::ofstream(rank_dir / "construct.json") << construct;
        std::ofstream(rank_dir / "stack.json") << "{}";
    };
    write(dir / "npu" / "rank0", R"({"Module.a.A.forward.0": null, "Module.b.B.forward.0": null,
"Distributed.all_reduce.0.forward": "Module.b.B.forward.0", "Distributed.all_reduce.1.forward": "Module.a.A.forward.0"})");
    write(dir / "npu" / "rank1",
          R"({"Distributed.all_reduce.0.forward": null, "Distributed.all_reduce.1.forward": null})");
    const auto partner = [](const std::string& id) {
        return R"({"communications_type": "send_receive", "nodes_info": {"1": ["Nan", ")" + id + R"("]}})";
    };
    const fs::path built = run_on(dir, "graph");
    CHECK(linked(built, "NPU_0_0_Distributed.all_reduce.0.forward") == partner("Distributed.all_reduce.0.forward"));
    CHECK(linked(built, "NPU_0_0_Distributed.all_reduce.1.forward") == partner("Distributed.all_reduce.1.forward"));

    const fs::path visualized = run_on(dir, "visualize", true);
    CHECK(linked(visualized, "NPU_0_0_Distributed.all_reduce.1.forward") ==
          partner("Distributed.all_reduce.0.forward"));
    CHECK(linked(visualized, "NPU_0_0_Distributed.all_reduce.0.forward") ==
          partner("Distributed.all_reduce.1.forward"));
}
