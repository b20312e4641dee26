#include "graph/parallel_merge_job.hpp"

#include <fmt/format.h>

#include "common/error.hpp"
#include "graph/graph_builder.hpp"
#include "graph/graph_compare_mode.hpp"
#include "graph/micro_steps.hpp"
#include "graph/node_matching.hpp"
#include "graph/overflow_levels.hpp"
#include "graph/pair_comparison.hpp"
#include "graph/precision_index.hpp"

namespace msprobe::graph {

namespace fs = std::filesystem;

void MergedStep::build_side(Side& side, const std::map<int, fs::path>& folders, bool micro_steps,
                            const GraphOptions& options) {
    for (const auto& [rank, folder] : folders) {
        RankFolder& files = side.files.emplace(rank, read_rank_folder(folder, record_rules(options))).first->second;
        ModelGraph& graph =
            side.graphs.emplace_back(build_graph(files, options.strict_compat, options.behaviour.build));
        if (micro_steps) assign_micro_steps(graph, files.megatron_micro_steps);
        if (options.overflow_check) attach_overflow_levels(graph, folder / "dump.json");
        side.built.push_back({rank, &graph});
    }
}

MergedStep::MergedStep(const std::map<int, fs::path>& npu, const std::map<int, fs::path>* bench, const RunInput& input,
                       const GraphOptions& options, ThreadPool& pool) {
    const std::string file = options.input.string();
    const auto merge_side = [&](Side& side, const ParallelParams& params, const char* name) {
        side.merged = merge_parallel_graphs(side.built, params, name, file);
    };
    build_side(npu_, npu, true, options);
    merge_side(npu_, *input.npu_parallel, "NPU");
    if (bench == nullptr) {
        for (const RankGraph& main : npu_.merged) exported_.push_back({main.graph, nullptr, main.rank});
        return;
    }
    build_side(bench_, *bench, false, options);
    merge_side(bench_, *input.bench_parallel, "Bench");
    if (npu_.merged.size() != bench_.merged.size()) {
        throw Error(file, fmt::format("parallel_merge: npu_path merges into {} graphs, bench_path into {}",
                                      npu_.merged.size(), bench_.merged.size()));
    }
    for (std::size_t i = 0; i < npu_.merged.size(); ++i) {
        ModelGraph& npu_graph = *npu_.merged[i].graph;
        ModelGraph& bench_graph = *bench_.merged[i].graph;
        const RankFolder& npu_files = npu_.files.at(npu_.merged[i].rank);
        const RankFolder& bench_files = bench_.files.at(bench_.merged[i].rank);
        const auto mode = detect_graph_compare_mode(npu_files, bench_files, options.layer_mapping);
        // A merged graph holds several ranks' tensors, and compare reads them from one folder.
        if (mode == compare::CompareMode::All) {
            throw Error(file, "parallel_merge of a real-data compare is not provided");
        }
        // msprobe pairs merged graphs fuzzily: the ranks' APIs carry new names.
        const GraphBehaviour& behaviour = options.behaviour;
        const auto pairs = match_nodes(npu_graph, bench_graph, MatchKind::Fuzzy, {}, behaviour.match_item_shapes);
        compare_node_pairs(pairs, mode, npu_files, bench_files, options.strict_compat, behaviour.comparison, pool);
        assign_collection_precision(npu_graph, mode, behaviour.comparison.index);
        assign_bench_micro_steps(npu_graph, bench_graph, bench_files.megatron_micro_steps, options.strict_compat);
        exported_.push_back({&npu_graph, &bench_graph, npu_.merged[i].rank, mode});
    }
}

}  // namespace msprobe::graph
