#include "graph/parallel_merge_job.hpp"

#include <fmt/format.h>

#include <exception>
#include <optional>
#include <vector>

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

// One rank of one side, read and built on the pool: its files stay in their side's map, where the graph
// was built from them.
struct MergedStep::RankBuild {
    Side* side;
    int rank;
    const fs::path* folder;
    bool micro_steps;  // the NPU side's
    RankFolder* files;
    std::optional<ModelGraph> graph;
    std::exception_ptr error;
};

std::vector<MergedStep::RankBuild> MergedStep::build_ranks(const std::map<int, fs::path>& npu,
                                                           const std::map<int, fs::path>* bench,
                                                           const GraphOptions& options, ThreadPool& pool) {
    std::vector<RankBuild> builds;
    for (const auto& [rank, folder] : npu) builds.push_back({&npu_, rank, &folder, true, &npu_.files[rank], {}, {}});
    if (bench != nullptr) {
        for (const auto& [rank, folder] : *bench) {
            builds.push_back({&bench_, rank, &folder, false, &bench_.files[rank], {}, {}});
        }
    }
    pool.parallel_for(static_cast<std::int64_t>(builds.size()), [&](std::int64_t k) {
        RankBuild& build = builds[static_cast<std::size_t>(k)];
        try {
            *build.files = read_rank_folder(*build.folder, record_rules(options));
            ModelGraph& graph =
                build.graph.emplace(build_graph(*build.files, options.strict_compat, options.behaviour.build));
            if (build.micro_steps) assign_micro_steps(graph, build.files->megatron_micro_steps);
            if (options.overflow_check) attach_overflow_levels(graph, *build.folder / "dump.json");
        } catch (...) {
            build.error = std::current_exception();
        }
    });
    return builds;
}

ModelGraph* MergedStep::owned(const ModelGraph* graph) {
    for (Side* side : {&npu_, &bench_}) {
        for (const RankGraph& merged : side->merged) {
            if (merged.graph == graph) return merged.graph;
        }
    }
    return nullptr;
}

MergedStep::MergedStep(const std::map<int, fs::path>& npu, const std::map<int, fs::path>* bench, const RunInput& input,
                       const GraphOptions& options, ThreadPool& pool) {
    const std::string file = options.input.string();
    std::vector<RankBuild> builds = build_ranks(npu, bench, options, pool);
    // A side's first failure in rank order, then its merge: the NPU side's come before the Bench side's.
    const auto merge_side = [&](Side& side, const ParallelParams& params, const char* name) {
        for (RankBuild& build : builds) {
            if (build.side == &side && build.error) std::rethrow_exception(build.error);
        }
        for (RankBuild& build : builds) {
            if (build.side != &side) continue;
            side.graphs.push_back(std::move(*build.graph));
            side.built.push_back({build.rank, &side.graphs.back()});
        }
        side.merged = merge_parallel_graphs(side.built, params, name, file);
    };
    merge_side(npu_, *input.npu_parallel, "NPU");
    if (bench == nullptr) {
        for (const RankGraph& main : npu_.merged) exported_.push_back({main.graph, nullptr, main.rank});
        return;
    }
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
