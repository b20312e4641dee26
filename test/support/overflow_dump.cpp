#include "support/overflow_dump.hpp"

#include <algorithm>

namespace msprobe::testing {

DumpPairOptions overflow_dump_pair_options(const OverflowDumpOptions& options) {
    DumpPairOptions pair;
    pair.out = options.out;
    pair.apis = options.apis;
    pair.task = options.task;
    pair.ranks = options.ranks;
    pair.seed = options.seed;
    pair.differences = NpuDifferences::none();
    pair.differences.inf_statistic_at = options.planted_at;
    pair.differences.inf_statistic_rank = options.planted_rank;
    pair.differences.inf_statistic_value = options.planted_value;
    return pair;
}

std::vector<ExpectedOverflow> expected_overflows(const DifferenceSites& sites) {
    std::vector<ExpectedOverflow> expected(sites.nonfinite_outputs.size());
    for (std::size_t rank = 0; rank < expected.size(); ++rank) {
        const auto& inputs = sites.nonfinite_inputs[rank];
        const auto& outputs = sites.nonfinite_outputs[rank];
        const auto bad_input = [&](const std::string& name) {
            return std::find(inputs.begin(), inputs.end(), name) != inputs.end();
        };
        for (const auto& name : outputs) {
            if (!bad_input(name) && expected[rank].origin.empty()) {
                expected[rank].origin = name;
            } else if (bad_input(name)) {
                expected[rank].propagated.push_back(name);
            }
        }
        for (const auto& name : inputs) {
            if (std::find(outputs.begin(), outputs.end(), name) == outputs.end())
                expected[rank].absorbed.push_back(name);
        }
    }
    return expected;
}

PlantedOverflow generate_overflow_dump(const OverflowDumpOptions& options) {
    const GeneratedDumpPair pair = generate_dump_pair(overflow_dump_pair_options(options));
    PlantedOverflow planted;
    planted.step_dir = options.out / "npu" / "step0";
    planted.clean_step_dir = options.out / "bench" / "step0";
    planted.rank_dirs = pair.npu_rank_dirs;
    planted.planted = pair.sites.inf_statistic;
    planted.expected = expected_overflows(pair.sites);
    return planted;
}

}  // namespace msprobe::testing
