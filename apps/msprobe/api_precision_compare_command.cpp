// api_precision_compare: flags → ApiPrecisionCompareOptions → msprobe::precision::api_precision_compare.
#include "commands.hpp"
#include "precision/api_precision_compare.hpp"

namespace msprobe::cli {

Runner add_api_precision_compare_command(CLI::App& cmd, const GlobalOptions&) {
    auto options = std::make_shared<precision::ApiPrecisionCompareOptions>();
    cmd.add_option("--npu_csv_path", options->npu_csv,
                   "-npu: accuracy_checking_details_*.csv of the device under test")
        ->required();
    cmd.add_option("--gpu_csv_path", options->gpu_csv,
                   "-gpu: accuracy_checking_details_*.csv of the trusted device")
        ->required();
    cmd.add_option("-o,--out_path", options->out_dir, "output directory (default ./; created if missing)");
    cmd.add_flag("--strict_compat", options->strict_compat,
                 "reproduce msprobe's own defects too (see docs/compatibility.md), for byte-level diffs");
    return [options]() {
        const auto written = precision::api_precision_compare(*options);
        RunSummary summary;
        summary.verb = "Judged";
        summary.total = {written.apis, "APIs"};
        summary.counts = {{written.apis - written.failed_apis, "pass"}, {written.failed_apis, "not pass"}};
        if (written.failed_apis > 0)
            summary.first_problem =
                SummaryProblem{"API not passing", written.first_failed_api, "", "forward or backward not pass", ""};
        summary.written = {written.result_csv, written.details_csv};
        RunOutcome outcome;
        outcome.screen = summary_text(summary);
        outcome.info_lines = {"api_precision_compare result is saved in " + written.result_csv.string(),
                              "api_precision_compare details are saved in " + written.details_csv.string()};
        return outcome;
    };
}

}  // namespace msprobe::cli
