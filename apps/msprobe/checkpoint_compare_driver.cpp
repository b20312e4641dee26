// config_check -c DIR DIR: two Megatron checkpoints compared weight by weight.
#include <fmt/format.h>

#include "checkpoint_compare/checkpoint_compare.hpp"
#include "config_check_modes.hpp"

namespace msprobe::cli {

RunOutcome run_checkpoint_compare_mode(const std::string& bench_dir, const std::string& cmp_dir,
                                       const std::string& output) {
    checkpoint_compare::CheckpointCompareRequest request;
    request.bench = bench_dir;
    request.cmp = cmp_dir;
    request.output = output.empty() ? "./ckpt_similarity.json" : output;
    const auto result = checkpoint_compare::compare_checkpoints(request);
    RunOutcome outcome;
    outcome.ends_successfully = true;
    outcome.info_lines.push_back(fmt::format("Comparison results written to {}", result.written.string()));
    RunSummary summary;
    summary.verb = "Compared";
    summary.total = {result.compared, "weights"};
    summary.counts = {{result.only_in_bench, "only in the first checkpoint"},
                      {result.only_in_cmp, "only in the second"}};
    summary.written = {result.written};
    outcome.screen = summary_text(summary);
    return outcome;
}

}  // namespace msprobe::cli
