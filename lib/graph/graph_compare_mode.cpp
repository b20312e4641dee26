#include "graph/graph_compare_mode.hpp"

#include "common/error.hpp"
#include "compare/compare_mode.hpp"
#include "compare/matcher.hpp"

namespace msprobe::graph {

std::string_view task_name(GraphCompareMode mode) {
    switch (mode) {
        case GraphCompareMode::Summary: return "summary";
        case GraphCompareMode::Md5: return "md5";
        case GraphCompareMode::All: return "all";
        case GraphCompareMode::Structure: return "structure";
    }
    return "summary";
}

GraphCompareMode detect_graph_compare_mode(const RankFolder& npu, const RankFolder& bench, bool layer_mapping) {
    const dump::DumpFile& npu_header = npu.header;
    const dump::DumpFile& bench_header = bench.header;
    if (!layer_mapping && compare::is_cross_framework(npu_header, bench_header)) {
        throw Error(bench_header.path, "The cross_frame graph comparison failed. Please specify -lm to compare a "
                                       "MindSpore dump with a PyTorch one");
    }
    if (npu_header.task == "structure" && bench_header.task == "structure") return GraphCompareMode::Structure;
    switch (compare::detect_mode(npu_header, bench_header)) {
        case compare::CompareMode::All: return GraphCompareMode::All;
        case compare::CompareMode::Md5: return GraphCompareMode::Md5;
        case compare::CompareMode::Summary: return GraphCompareMode::Summary;
    }
    return GraphCompareMode::Summary;
}

}  // namespace msprobe::graph
