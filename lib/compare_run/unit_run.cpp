#include "compare_run/unit_run.hpp"

#include <fmt/format.h>

#include "common/error.hpp"
#include "common/log.hpp"
#include "compare/compare_options.hpp"
#include "compare_request/compare_request.hpp"
#include "static_graph/kernel_compare.hpp"

namespace msprobe::compare {

namespace {

// A MindSpore kernel compare unit (--rank), on one process.
UnitResults run_kernel_unit(const CompareUnit& unit, const VerdictJobOptions& options, const KernelSelection& kernel,
                            ThreadPool& pool) {
    CompareOptions kernel_options;
    kernel_options.framework = Framework::MindSpore;
    kernel_options.output_dir = options.output_dir / unit.output_subdir;
    kernel_options.strict_compat = options.table.strict_compat;
    const KernelDirs dirs{unit.target_dir, unit.golden_dir, kernel.rank_ids, kernel.step_ids,
                          options.format == OutputFormat::Xlsx ? OutputFormat::Xlsx : OutputFormat::Csv};
    const auto summary = static_graph::run_kernel_compare(dirs, kernel_options, pool);
    UnitResults results;
    for (const auto& pair : summary.pairs) {
        results.rows += pair.rows;
        results.errors += pair.errors;
        results.written.insert(results.written.end(), pair.written.begin(), pair.written.end());
    }
    results.pairs = summary.pairs;
    if (summary.failed_ranks > 0) {
        throw Error(
            unit.target_dir.string(),
            fmt::format("{} rank/step pair(s) could not be compared (see the errors above)", summary.failed_ranks));
    }
    return results;
}

}  // namespace

UnitResults run_compare_unit(const CompareUnit& unit, const VerdictJobOptions& options, const KernelSelection& kernel,
                             ThreadPool& pool, ProcessGroup& processes) {
    using Kind = CompareUnit::Kind;
    UnitResults results;
    if (unit.kind == Kind::NothingToDo) {
        if (processes.is_first()) log::info(unit.note);
        return results;
    }
    if (unit.kind == Kind::KernelCompare) {
        // Process 0 alone; the others wait for it, so a failure ends every process here.
        run_on_every_process(processes, unit.target_dir.string(), [&] {
            if (processes.is_first()) results = run_kernel_unit(unit, options, kernel, pool);
        });
        return results;
    }
    if (unit.kind == Kind::DiffAnalyze) {
        compare::CompareOptions analysis;
        analysis.output_dir = options.output_dir / unit.output_subdir;
        analysis.strict_compat = options.table.strict_compat;
        analysis.show_progress = options.show_progress;
        auto step =
            first_diff::run_positional_diff_analyze(unit.target_dir, unit.golden_dir, analysis, pool, processes);
        results.written = step.written;
        results.analysed_step = std::move(step);
        return results;
    }
    VerdictJobOptions plain;
    if (unit.default_table) {  // the unit's own compare, not the one the run's flags ask for
        plain = options;
        plain.table.mapping = {};
        plain.table.fuzzy_match = false;
        plain.table.print_compare_log = false;
        plain.format = OutputFormat::Csv;
    }
    auto summary = run_verdict_pairs(unit, unit.default_table ? plain : options, pool, processes);
    if (!unit.note.empty() && processes.is_first()) log::info(unit.note);
    results.rows = summary.rows;
    results.warnings = summary.warnings;
    results.errors = summary.errors;
    results.written = std::move(summary.written);
    results.pairs = std::move(summary.pairs);
    // The unit's folder tells the pairs of one step (or half) from another's.
    const std::string folder = unit.output_subdir.generic_string();
    if (!folder.empty() && folder != ".") {
        for (auto& pair : results.pairs) pair.label = pair.label.empty() ? folder : folder + "/" + pair.label;
    }
    return results;
}

}  // namespace msprobe::compare
