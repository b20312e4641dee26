#include "graph/graph_compare_mode.hpp"

#include "common/error.hpp"
#include "compare/matcher.hpp"

namespace msprobe::graph {

std::string_view task_name(std::optional<compare::CompareMode> mode) {
    if (!mode) return "structure";
    return compare::mode_name(*mode);
}

std::optional<compare::CompareMode> detect_graph_compare_mode(const RankFolder& npu, const RankFolder& bench,
                                                              bool layer_mapping) {
    const dump::DumpFile& npu_header = npu.header;
    const dump::DumpFile& bench_header = bench.header;
    if (!layer_mapping && compare::is_cross_framework(npu_header, bench_header)) {
        throw Error(bench_header.path,
                    "The cross_frame graph comparison failed. Please specify -lm to compare a "
                    "MindSpore dump with a PyTorch one");
    }
    if (npu_header.task == "structure" && bench_header.task == "structure") return std::nullopt;
    return compare::detect_mode(npu_header, bench_header);
}

}  // namespace msprobe::graph
