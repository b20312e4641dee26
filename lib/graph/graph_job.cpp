#include "graph/graph_job.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <memory>

#include "common/error.hpp"
#include "common/timestamps.hpp"
#include "graph/graph_builder.hpp"
#include "graph/micro_steps.hpp"
#include "graph/overflow_levels.hpp"
#include "graph/run_input.hpp"
#include "graph/run_layout.hpp"
#include "graph/vis_db_writer.hpp"

namespace msprobe::graph {

namespace fs = std::filesystem;

namespace {

struct BuiltGraph {
    ModelGraph graph;
    int rank = 0;
};

BuiltGraph build_one(const fs::path& folder, int rank, const GraphOptions& options) {
    const RankFolder files = read_rank_folder(folder);
    BuiltGraph built{build_graph(files), rank};
    assign_micro_steps(built.graph, files.construct.megatron_micro_steps());
    if (options.overflow_check) attach_overflow_levels(built.graph, folder / "dump.json");
    return built;
}

void make_output_dir(const fs::path& dir) {
    std::error_code error;
    if (fs::is_directory(dir, error)) return;
    if (!fs::create_directories(dir, error) || error) throw Error(dir.string(), "cannot create the output folder");
    ::chmod(dir.c_str(), 0750);
}

std::vector<int> keys_of(const std::map<int, fs::path>& folders) {
    std::vector<int> keys;
    for (const auto& [key, folder] : folders) keys.push_back(key);
    return keys;
}

fs::path run_build(const RunFolders& folders, const GraphOptions& options, const fs::path& db_path) {
    std::unique_ptr<VisDbWriter> writer;
    std::vector<int> steps;
    for (const auto& [step, ranks] : folders) steps.push_back(step);
    for (const auto& [step, ranks] : folders) {
        std::vector<BuiltGraph> graphs;
        for (const auto& [rank, folder] : ranks) graphs.push_back(build_one(folder, rank, options));
        // The output folder is made once the first graphs stand, so that bad input leaves nothing behind.
        if (!writer) {
            make_output_dir(db_path.parent_path());
            writer = std::make_unique<VisDbWriter>(db_path);
        }
        for (const BuiltGraph& built : graphs) {
            writer->add_graph({&built.graph, "NPU", step, built.rank, false});
            ConfigRow config;
            config.graph_type = "build";
            config.micro_steps = built.graph.micro_steps;
            config.overflow_check = options.overflow_check;
            config.rank_list = keys_of(ranks);
            config.step_list = steps;
            writer->add_config(config);
        }
    }
    writer->finish();
    return db_path;
}

}  // namespace

fs::path run_graph(const GraphOptions& options) {
    const RunInput input = read_run_input(options.input);
    const Layout npu_layout = classify_layout(input.npu_path);
    const RunFolders npu = run_folders(input.npu_path, npu_layout);
    if (input.bench_path) {
        const Layout bench_layout = classify_layout(*input.bench_path);
        if (bench_layout != npu_layout) {
            throw Error(options.input.string(), "the folders of npu_path and bench_path have different layouts");
        }
    }
    const std::string stem = input.bench_path ? "compare_" : "build_";
    const fs::path db_path = options.output_dir / (stem + local_timestamp() + ".vis.db");
    if (!input.bench_path) return run_build(npu, options, db_path);
    throw Error(options.input.string(), "bench_path: comparing graphs is not supported yet");
}

}  // namespace msprobe::graph
