#include "compare/compare_mode.hpp"

#include <fmt/format.h>

#include "common/error.hpp"

namespace msprobe::compare {

std::string_view mode_name(CompareMode mode) {
    switch (mode) {
        case CompareMode::All: return "all";
        case CompareMode::Summary: return "summary";
        case CompareMode::Md5: return "md5";
    }
    return "summary";
}

const std::vector<std::string>& index_columns(CompareMode mode) {
    static const std::vector<std::string> tensor = {"Cosine",
                                                    "EucDist",
                                                    "MaxAbsErr",
                                                    "MaxRelativeErr",
                                                    "One Thousandth Err Ratio",
                                                    "Five Thousandths Err Ratio",
                                                    "Requires_grad Consistent"};
    static const std::vector<std::string> statistics = {
        "Max diff",       "Min diff",       "Mean diff",       "L2norm diff",           "MaxRelativeErr",
        "MinRelativeErr", "MeanRelativeErr", "NormRelativeErr", "Requires_grad Consistent"};
    static const std::vector<std::string> none;
    switch (mode) {
        case CompareMode::All: return tensor;
        case CompareMode::Summary: return statistics;
        case CompareMode::Md5: break;
    }
    return none;
}

CompareMode detect_mode(const dump::DumpFile& npu, const dump::DumpFile& bench) {
    if (npu.task != bench.task) {
        throw Error(bench.path, fmt::format("the dump task is not consistent: npu is '{}', bench is '{}'", npu.task,
                                            bench.task));
    }
    if (npu.task == "tensor") return CompareMode::All;
    if (npu.task == "statistics") {
        if (npu.has_digests && bench.has_digests) return CompareMode::Md5;
        if (!npu.has_digests && !bench.has_digests) return CompareMode::Summary;
        throw Error(bench.path,
                    fmt::format("the dump mode is not consistent: npu is {}, bench is {}; both should be statistics "
                                "or both md5",
                                npu.has_digests ? "md5" : "statistics", bench.has_digests ? "md5" : "statistics"));
    }
    throw Error(npu.path, fmt::format("compare applies only to task tensor or statistics, not '{}'", npu.task));
}

}  // namespace msprobe::compare
