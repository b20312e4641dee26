#pragma once
// Hand-made rank folders for the parallel-merge tests: statistics dumps whose
// nodes come in the order given, parents before children.
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "graph_run.hpp"
#include "support/shared_fixtures.hpp"
#include "vis_db_query.hpp"

namespace msprobe::testing {

// A float32 tensor whose Max and Norm are `max`, Min 0 and Mean max / 2.
inline nlohmann::ordered_json stat_tensor(double max) {
    return {{"type", "torch.Tensor"}, {"dtype", "torch.float32"}, {"shape", {2}}, {"Max", max},
            {"Min", 0.0},             {"Mean", max / 2},          {"Norm", max},  {"requires_grad", false}};
}

// A call taking `inputs` and returning one tensor.
inline nlohmann::ordered_json call_record(const std::vector<nlohmann::ordered_json>& inputs,
                                          const nlohmann::ordered_json& output) {
    return {{"input_args", inputs}, {"input_kwargs", nlohmann::ordered_json::object()}, {"output", {output}}};
}

struct DumpNode {
    std::string id;
    std::string parent;  // "" for a root node
    nlohmann::ordered_json record;
};

inline void write_rank_dump(const std::filesystem::path& dir, const std::vector<DumpNode>& nodes) {
    std::filesystem::create_directories(dir);
    nlohmann::ordered_json data = nlohmann::ordered_json::object();
    nlohmann::ordered_json construct = nlohmann::ordered_json::object();
    for (const DumpNode& node : nodes) {
        data[node.id] = node.record;
        construct[node.id] = node.parent.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(node.parent);
    }
    const nlohmann::ordered_json dump = {{"task", "statistics"}, {"level", "mix"},  {"framework", "pytorch"},
                                         {"dump_data_dir", nullptr}, {"data", data}};
    std::ofstream(dir / "dump.json") << dump.dump();
    std::ofstream(dir / "construct.json") << construct.dump();
    std::ofstream(dir / "stack.json") << "{}";
}

// Builds the run under `dir`/npu with `parallel_merge` as the npu layout; the database.
inline std::filesystem::path build_merged(const std::filesystem::path& dir, const std::string& layout) {
    std::ofstream(dir / "input.json") << R"({"npu_path": ")" + (dir / "npu").string() +
                                             R"(", "parallel_merge": {"npu": )" + layout + "}}";
    graph::GraphOptions options;
    options.input = dir / "input.json";
    options.output_dir = dir / "out";
    return run_graph(options);
}

// The merge info of `node` in the database, parsed (null when it has none).
inline nlohmann::json merge_info_of(const std::filesystem::path& db, const std::string& node) {
    const auto rows = query_rows(db, "SELECT parallel_merge_info FROM tb_nodes WHERE node_name = '" + node + "'");
    if (rows.size() != 2 || rows[1][0].empty()) return nullptr;
    return nlohmann::json::parse(rows[1][0]);
}

// One item's exported fields of `node` (`column`: input_data or output_data).
inline nlohmann::json item_of(const std::filesystem::path& db, const std::string& node, const std::string& column,
                              const std::string& key) {
    const auto rows = query_rows(db, "SELECT " + column + " FROM tb_nodes WHERE node_name = '" + node + "'");
    if (rows.size() != 2) return nullptr;
    return nlohmann::json::parse(rows[1][0]).value(key, nlohmann::json());
}

}  // namespace msprobe::testing
