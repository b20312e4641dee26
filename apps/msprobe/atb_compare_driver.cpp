// compare -m atb: the flags turned into the library's request.
#include <fmt/format.h>

#include "atb_compare/atb_compare.hpp"
#include "command_line.hpp"
#include "common/error.hpp"
#include "kernel_mode_compare.hpp"

namespace msprobe::cli {

RunOutcome run_atb_compare(const KernelModeFlags& flags) {
    atb::AtbCompareRequest request;
    request.target = flags.target;
    request.golden = flags.golden;
    request.output_dir = flags.output;
    const bool msprobe_ways = flags.strict_compat;
    request.refuse_two_files = !msprobe_ways;
    request.refuse_unusable_dumps = !msprobe_ways;
    request.rows = msprobe_ways ? atb::RowRule::Skip : atb::RowRule::Refuse;
    request.tensors.refuse_damaged_files = !msprobe_ways;
    request.tensors.compare_zero_dim_pairs = !msprobe_ways;
    request.existing_result = msprobe_ways ? report::Existing::Replace : report::Existing::KeepBoth;
    request.show_progress = !flags.quiet;
    ThreadPool pool(worker_threads(flags.jobs));
    const auto result = atb::run_atb_compare(request, pool);
    RunOutcome outcome;
    RunSummary summary;
    summary.verb = "Compared";
    summary.total = {result.rows, "rows"};
    if (result.written) summary.written = {*result.written};
    outcome.screen = summary_text(summary);
    if (result.written) {
        std::error_code ec;
        const auto shown = std::filesystem::weakly_canonical(*result.written, ec);
        outcome.info_lines.push_back(
            fmt::format("Complete ATB dump data comparison. Comparison result has been saved at {}",
                        (ec ? *result.written : shown).string()));
    }
    return outcome;
}

}  // namespace msprobe::cli
