// api_precision_compare: flags → ApiPrecisionCompareOptions → msprobe::precision::api_precision_compare.
#include "commands.hpp"
#include "common/log.hpp"
#include "precision/api_precision_compare.hpp"

namespace msprobe::cli {

Runner add_api_precision_compare_command(CLI::App& app, const GlobalOptions&) {
    auto options = std::make_shared<precision::ApiPrecisionCompareOptions>();
    CLI::App* cmd = app.add_subcommand(
        "api_precision_compare", "Judge the precision standards of two run_ut details files (device vs trusted device)");
    cmd->add_option("--npu_csv_path", options->npu_csv,
                    "-npu: accuracy_checking_details_*.csv of the device under test")
        ->required();
    cmd->add_option("--gpu_csv_path", options->gpu_csv,
                    "-gpu: accuracy_checking_details_*.csv of the trusted device")
        ->required();
    cmd->add_option("-o,--out_path", options->out_dir, "output directory (default ./; created if missing)");
    cmd->add_flag("--strict_compat", options->strict_compat,
                  "reproduce msprobe's own defects too (see docs/compatibility.md), for byte-level diffs");
    return [options]() {
        const auto outcome = precision::api_precision_compare(*options);
        log::info("api_precision_compare result is saved in " + outcome.result_csv.string());
        log::info("api_precision_compare details are saved in " + outcome.details_csv.string());
        return 0;
    };
}

}  // namespace msprobe::cli
