// compare -m offline_data: msaccucmp's vector comparison of two kernel dump
// folders, with the rule options spelled as msprobe's compare spells them.
#include <fmt/format.h>

#include "command_line.hpp"
#include "common/error.hpp"
#include "common/log.hpp"
#include "common/thread_pool.hpp"
#include "kernel_dump_compare/vector_compare.hpp"
#include "kernel_mode_compare.hpp"

namespace msprobe::cli {

RunOutcome run_offline_data_compare(const KernelModeFlags& flags) {
    kernel_dump_compare::VectorCompareRequest request;
    request.mine = flags.target;
    request.golden = flags.golden;
    request.fusion_rule = flags.fusion_rule;
    request.quant_rule = flags.quant_fusion_rule;
    request.close_rule = flags.close_fusion_rule;
    request.output_dir = flags.output;
    request.option_names = {"-fr", "-qfr", "-cfr"};
    request.keep_unmatched_result = flags.strict_compat;
    request.reading = {.refuse_damaged_dumps = !flags.strict_compat, .float8_without_nan = flags.strict_compat};
    request.show_progress = !flags.quiet;
    ThreadPool pool(worker_threads(flags.jobs));
    kernel_dump_compare::VectorCompareResult result;
    try {
        result = kernel_dump_compare::run_vector_compare(request, pool);
    } catch (const Error& e) {
        if (!flags.strict_compat) throw;
        // msprobe logs what msaccucmp said and ends with 0 whatever its return code.
        log::error(e.what());
        log::error("msaccucmp execution failed with return code 1");
        return {};
    }
    for (const auto& warning : result.warnings) log::warning(warning);
    RunOutcome outcome;
    outcome.ends_successfully = !result.written.empty();
    if (!result.matched) {
        log::error("The model does not match the dump data, please check the model and the dump data again.");
    }
    outcome.info_lines.push_back(fmt::format("The comparison result have been written to \"'{}'\".",
                                             std::filesystem::absolute(result.written).lexically_normal().string()));
    RunSummary summary;
    summary.verb = "Compared";
    summary.total = {result.groups, "op groups"};
    summary.counts = {{result.rows, "rows"}};
    if (!result.written.empty()) summary.written = {result.written};
    outcome.screen = summary_text(summary);
    return outcome;
}

}  // namespace msprobe::cli
