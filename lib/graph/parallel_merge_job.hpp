#pragma once
// One step of a run with "parallel_merge": every rank's graphs are built,
// each side is merged (parallel_merge), and the merged graphs of a compare are
// matched fuzzily, pair by pair, as msprobe does.
#include <deque>
#include <filesystem>
#include <map>
#include <optional>
#include <vector>

#include "common/thread_pool.hpp"
#include "compare/compare_mode.hpp"
#include "graph/graph_job.hpp"
#include "graph/parallel_merge.hpp"
#include "graph/rank_folder.hpp"
#include "graph/run_input.hpp"

namespace msprobe::graph {

// A graph (pair) to write: the NPU graph, and the Bench graph of a compare.
struct ExportedGraphs {
    const ModelGraph* npu = nullptr;
    const ModelGraph* bench = nullptr;
    int rank = 0;
    // The compare's mode, nullopt for structure-only dumps; unused in a build.
    std::optional<compare::CompareMode> mode = std::nullopt;
};

class MergedStep {
public:
    // `bench` is null for a build. Throws msprobe::Error naming the input
    // file on a merge or compare this build cannot do.
    MergedStep(const std::map<int, std::filesystem::path>& npu, const std::map<int, std::filesystem::path>* bench,
               const RunInput& input, const GraphOptions& options, ThreadPool& pool);
    MergedStep(const MergedStep&) = delete;
    MergedStep& operator=(const MergedStep&) = delete;

    // The merged graphs; valid while this object lives.
    const std::vector<ExportedGraphs>& exported() const { return exported_; }
    // The merged graph `graph` (one of exported()'s) as this object holds it, to free its nodes' items once its
    // rows are written; null for another graph.
    ModelGraph* owned(const ModelGraph* graph);

private:
    struct Side {
        std::map<int, RankFolder> files;
        std::deque<ModelGraph> graphs;  // a deque keeps the graphs in place
        std::vector<RankGraph> built;   // every rank's graph, ascending ranks
        std::vector<RankGraph> merged;
    };

    // Reads and builds every rank of both sides at once on `pool`. A side's first failure in rank order is
    // thrown when that side is merged, the NPU side's first.
    struct RankBuild;
    std::vector<RankBuild> build_ranks(const std::map<int, std::filesystem::path>& npu,
                                       const std::map<int, std::filesystem::path>* bench, const GraphOptions& options,
                                       ThreadPool& pool);

    Side npu_;
    Side bench_;
    std::vector<ExportedGraphs> exported_;
};

}  // namespace msprobe::graph
