// The graph command on module chains far deeper than a call stack could walk
// recursively, and on construct.json files whose parents form a cycle.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <string>

#include "common/error.hpp"
#include "graph/graph_job.hpp"
#include "graph/vis_db_writer.hpp"
#include "graph_run.hpp"
#include "support/shared_fixtures.hpp"
#include "vis_db_query.hpp"

namespace fs = std::filesystem;
using msprobe::testing::query_rows;

namespace {

// 400 000 nested modules: a recursive walk needs a few hundred bytes of stack
// per level, so 8 MB of stack give out long before; the build takes a second or two.
constexpr std::size_t kDeepChain = 400000;

std::string chain_id(const std::string& top, std::size_t level) {
    return level == 0 ? top : "Module.layer" + std::to_string(level) + ".Layer.forward.0";
}

constexpr const char* kTensor =
    R"({"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2], "Max": 1.0, "Min": 0.0, "Mean": 0.5, )"
    R"("Norm": 1.0, "requires_grad": false})";

// A rank folder whose construct.json is one chain of `depth` modules under
// `top`, each the parent of the next; dump.json records the top and the deepest.
// Written as text: a JSON library's ordered object would be slow at this size.
void write_chain(const fs::path& dir, std::size_t depth, const std::string& top = "Module.top.Top.forward.0") {
    fs::create_directories(dir);
    {
        std::ofstream construct(dir / "construct.json");
        construct << "{\"" << top << "\": null";
        for (std::size_t level = 1; level < depth; ++level) {
            construct << ", \"" << chain_id(top, level) << "\": \"" << chain_id(top, level - 1) << '"';
        }
        construct << '}';
    }
    const std::string record =
        std::string(R"({"input_args": [)") + kTensor + R"(], "input_kwargs": {}, "output": [)" + kTensor + "]}";
    std::ofstream(dir / "dump.json") << R"({"task": "statistics", "level": "mix", "framework": "pytorch", )"
                                     << R"("dump_data_dir": null, "data": {")" << top << "\": " << record << ", \""
                                     << chain_id(top, depth - 1) << "\": " << record << "}}";
    std::ofstream(dir / "stack.json") << "{}";
}

fs::path run(const fs::path& dir, const std::string& input_json, bool visualize = false, bool strict_compat = false) {
    std::ofstream(dir / "input.json") << input_json;
    msprobe::graph::GraphOptions options;
    options.input = dir / "input.json";
    options.output_dir = dir / "out";
    options.behaviour = msprobe::testing::command_behaviour(visualize);
    options.strict_compat = strict_compat;
    return msprobe::testing::run_graph(options);
}

std::string one_cell(const fs::path& db, const std::string& sql) {
    const auto rows = query_rows(db, sql);
    REQUIRE(rows.size() == 2);
    return rows[1][0];
}

}  // namespace

TEST_CASE("graph builds a chain of 400 000 nested modules", "[graph][depth]") {
    // graph_visualize's rules build the same chain in test/cli/graph_cli_test.cpp.
    const fs::path dir = msprobe::testing::scratch_dir("graph_deep_build");
    write_chain(dir / "npu", kDeepChain);
    {
        const fs::path db = run(dir, R"({"npu_path": ")" + (dir / "npu").string() + R"("})");
        CHECK(one_cell(db, "SELECT count(*) FROM tb_nodes") == std::to_string(kDeepChain + 1));
        const std::string deepest = chain_id("", kDeepChain - 1);
        CHECK(one_cell(db, "SELECT up_node FROM tb_nodes WHERE node_name = '" + deepest + "'") ==
              chain_id("", kDeepChain - 2));
        // Post order: the deepest module first, the root last.
        CHECK(one_cell(db, "SELECT node_name FROM tb_nodes WHERE node_order = 0") == deepest);
        CHECK(one_cell(db, "SELECT node_order FROM tb_nodes WHERE node_name = 'DefaultModel'") ==
              std::to_string(kDeepChain));
    }
}

TEST_CASE("graph compares two 200 000-deep chains: matching walks each chain once", "[graph][depth]") {
    // The sides part at their top module, so no module of the chain has the
    // same ancestors on both sides: every node is still looked up and its
    // ancestors compared (a path copied per node would take 2·10^10 steps), but
    // no row carries a 200 000-long matched_node_link. Half the build's depth
    // keeps the two sides as quick as one; it is still far past a recursive walk's reach.
    constexpr std::size_t kDepth = kDeepChain / 2;
    const fs::path dir = msprobe::testing::scratch_dir("graph_deep_compare");
    write_chain(dir / "npu", kDepth, "Module.top.Top.forward.0");
    write_chain(dir / "bench", kDepth, "Module.other.Top.forward.0");
    const fs::path db = run(dir, R"({"npu_path": ")" + (dir / "npu").string() + R"(", "bench_path": ")" +
                                     (dir / "bench").string() + R"("})");
    CHECK(one_cell(db, "SELECT count(*) FROM tb_nodes") == std::to_string(2 * (kDepth + 1)));
    CHECK(one_cell(db,
                   "SELECT group_concat(node_name) FROM tb_nodes WHERE matched_node_link != '[]' AND "
                   "data_source = 'NPU'") == "DefaultModel");
}

TEST_CASE("graph compare of a matched chain: each matched_node_link lists the partner's nearest 128 ancestors at most",
          "[graph][depth]") {
    constexpr std::size_t kDepth = 300;
    constexpr std::size_t kBound = msprobe::graph::kMatchedLinkEntries;
    static_assert(kDepth + 1 > kBound);
    const fs::path dir = msprobe::testing::scratch_dir("graph_chain_links");
    write_chain(dir / "npu", kDepth);
    write_chain(dir / "bench", kDepth);
    const std::string input =
        R"({"npu_path": ")" + (dir / "npu").string() + R"(", "bench_path": ")" + (dir / "bench").string() + R"("})";
    const auto deepest = chain_id("Module.top.Top.forward.0", kDepth - 1);
    const auto link_of = [&](const fs::path& db, const std::string& id) {
        return nlohmann::json::parse(
            one_cell(db, "SELECT matched_node_link FROM tb_nodes WHERE id = 'NPU_0_0_" + id + "'"));
    };
    {
        const fs::path db = run(dir, input);
        // The deepest node: the partner and its 127 nearest ancestors, so the database grows linearly with depth.
        const auto link = link_of(db, deepest);
        REQUIRE(link.size() == kBound);
        CHECK(link.front() == chain_id("Module.top.Top.forward.0", kDepth - kBound));
        CHECK(link.back() == deepest);
        // A node within the bound keeps msprobe's whole list.
        const auto shallow = link_of(db, chain_id("Module.top.Top.forward.0", kBound - 2));
        REQUIRE(shallow.size() == kBound);
        CHECK(shallow.front() == "DefaultModel");
        CHECK(one_cell(db, "SELECT max(length(matched_node_link)) < 128 * 40 FROM tb_nodes") == "1");
        CHECK(one_cell(db, "SELECT count(*) FROM tb_nodes WHERE matched_node_link = '[]'") == "0");
        // The deepest node was compared: equal statistics, no relative error.
        CHECK(one_cell(db, "SELECT precision_index FROM tb_nodes WHERE id = 'NPU_0_0_" + deepest + "'") == "0");
    }
    {
        // --strict_compat: msprobe's list, every ancestor from the root.
        const fs::path db = run(dir, input, false, true);
        const auto link = link_of(db, deepest);
        REQUIRE(link.size() == kDepth + 1);
        CHECK(link.front() == "DefaultModel");
        CHECK(link[1] == "Module.top.Top.forward.0");
        CHECK(link[kDepth - 1] == chain_id("Module.top.Top.forward.0", kDepth - 2));
        CHECK(link.back() == deepest);
    }
}

TEST_CASE("graph refuses a construct.json whose parents form a cycle, naming the module", "[graph][depth]") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_cycles");
    auto refused = [&](const std::string& construct, const std::vector<std::string>& parts) {
        write_chain(dir / "npu", 3);
        std::ofstream(dir / "npu" / "construct.json") << construct;
        for (const bool visualize : {false, true}) {
            try {
                run(dir, R"({"npu_path": ")" + (dir / "npu").string() + R"("})", visualize);
                FAIL("no error");
            } catch (const msprobe::Error& error) {
                CHECK(error.exit_code() == msprobe::kExitBadInput);
                CHECK(error.file() == (dir / "npu" / "construct.json").string());
                for (const auto& part : parts) CHECK_THAT(error.reason(), Catch::Contains(part));
            }
            CHECK_FALSE(fs::exists(dir / "out"));
        }
    };
    SECTION("a module its own parent") {
        refused(R"({"Module.a.A.forward.0": "Module.a.A.forward.0"})", {"'Module.a.A.forward.0' is its own parent"});
    }
    SECTION("two modules each other's parent") {
        refused(R"({"Module.top.Top.forward.0": null, "Module.a.A.forward.0": "Module.b.B.forward.0",
                    "Module.b.B.forward.0": "Module.a.A.forward.0"})",
                {"'Module.a.A.forward.0' is its own ancestor", "2 nodes form a cycle"});
    }
    SECTION("a chain that comes back to its middle, with modules hanging below the cycle") {
        refused(R"({"Module.a.A.forward.0": "Module.c.C.forward.0", "Module.b.B.forward.0": "Module.a.A.forward.0",
                    "Module.c.C.forward.0": "Module.b.B.forward.0", "Module.d.D.forward.0": "Module.c.C.forward.0",
                    "Torch.add.0.forward": "Module.d.D.forward.0"})",
                {"is its own ancestor", "3 nodes form a cycle"});
    }
    SECTION("a cycle through an API") {
        refused(R"({"Torch.add.0.forward": "Module.a.A.forward.0", "Module.a.A.forward.0": "Torch.add.0.forward"})",
                {"is its own ancestor"});
    }
}

TEST_CASE("graph merges two pipeline stages of a 200 000-deep chain", "[graph][depth]") {
    // The PP merge walks every module of the main rank's tree and looks each up in the other stage.
    constexpr std::size_t kDepth = kDeepChain / 2;
    const fs::path dir = msprobe::testing::scratch_dir("graph_deep_pp_merge");
    write_chain(dir / "npu" / "rank0", kDepth);
    write_chain(dir / "npu" / "rank1", kDepth);
    const fs::path db = run(dir, R"({"npu_path": ")" + (dir / "npu").string() +
                                     R"(", "parallel_merge": {"npu": {"rank_size": 2, "tp": 1, "pp": 2}}})");
    CHECK(one_cell(db, "SELECT count(*) FROM tb_nodes") == std::to_string(kDepth + 1));
    CHECK(one_cell(db, "SELECT up_node FROM tb_nodes WHERE node_name = '" + chain_id("", kDepth - 1) + "'") ==
          chain_id("", kDepth - 2));
}
