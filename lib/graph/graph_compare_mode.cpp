#include "graph/graph_compare_mode.hpp"

#include <rapidjson/document.h>

#include "common/error.hpp"
#include "compare/compare_mode.hpp"
#include "compare/matcher.hpp"
#include "dump/digest_detection.hpp"

namespace msprobe::graph {

namespace {

// The parts of a dump.json that compare's mode detection reads.
dump::DumpFile mode_header(const RankFolder& folder) {
    dump::DumpFile header;
    header.path = folder.dump->path();
    const auto& root = folder.dump->document();
    const auto task = root.FindMember("task");
    if (task != root.MemberEnd() && task->value.IsString()) header.task = task->value.GetString();
    const auto framework = root.FindMember("framework");
    if (framework != root.MemberEnd() && framework->value.IsString()) header.framework = framework->value.GetString();
    for (const auto& m : root["data"].GetObject()) {
        if (dump::entry_has_digest(m.value)) {
            header.has_digests = true;
            break;
        }
    }
    return header;
}

}  // namespace

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
    const dump::DumpFile npu_header = mode_header(npu);
    const dump::DumpFile bench_header = mode_header(bench);
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
