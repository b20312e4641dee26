// compare -m torchair: the flags turned into the library's request.
#include <fmt/format.h>

#include <optional>
#include <string>

#include "command_line.hpp"
#include "common/error.hpp"
#include "common/thread_pool.hpp"
#include "kernel_mode_compare.hpp"
#include "torchair_compare/torchair_compare.hpp"

namespace msprobe::cli {

namespace {

// msprobe's test of --rank for torchair (compare_torchair_mode): digits only once stripped.
std::optional<std::int64_t> torchair_rank(const std::optional<std::string>& text) {
    if (!text) return std::nullopt;
    const auto first = text->find_first_not_of(" \t\n\r\f\v");
    const std::string digits =
        first == std::string::npos ? "" : text->substr(first, text->find_last_not_of(" \t\n\r\f\v") - first + 1);
    const bool all_digits = !digits.empty() && digits.size() <= 18 &&
                            digits.find_first_not_of("0123456789") == std::string::npos;
    if (!all_digits) throw Error("", "Argument --rank only supports a single integer when mode=='torchair'.");
    return std::stoll(digits);
}

}  // namespace

RunOutcome run_torchair_compare(const KernelModeFlags& flags) {
    torchair_compare::TorchairCompareRequest request;
    request.target = flags.target;
    request.golden = flags.golden;
    request.output_dir = flags.output;
    request.rank = torchair_rank(flags.rank);
    request.golden_paths = flags.strict_compat ? torchair_compare::GoldenPathCells::Msprobe
                                               : torchair_compare::GoldenPathCells::PerTensor;
    request.formulas = report::formula_cells(flags.strict_compat);
    request.taken_names = flags.strict_compat ? report::Existing::Replace : report::Existing::KeepBoth;
    request.show_progress = !flags.quiet;
    ThreadPool pool(worker_threads(flags.jobs));
    const auto result = torchair_compare::run_torchair_compare(request, pool);
    RunOutcome outcome;
    for (const auto& file : result.written) outcome.info_lines.push_back("Saved comparing results: " + file.string());
    // Errors: rows the metrics could not measure; warnings: rows below the guide's cosine and relative error bounds.
    RunSummary summary;
    summary.verb = "Compared";
    summary.total = {result.rows, "rows"};
    const std::size_t passed = result.rows - result.below_criterion_rows - result.unmeasured_rows;
    summary.counts = {{passed, "pass"}, {result.below_criterion_rows, "warning"}, {result.unmeasured_rows, "error"}};
    summary.first_problem = result.first_unmeasured ? result.first_unmeasured : result.first_below_criterion;
    summary.written = result.written;
    outcome.screen = summary_text(summary);
    outcome.fail_on = {flags.fail_on, result.unmeasured_rows, result.below_criterion_rows,
                       fmt::format("{} error and {} warning row(s)", result.unmeasured_rows,
                                   result.below_criterion_rows)};
    return outcome;
}

}  // namespace msprobe::cli
