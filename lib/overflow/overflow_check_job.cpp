#include "overflow/overflow_check_job.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/timestamps.hpp"
#include "common/thread_pool.hpp"
#include "overflow/overflow_report.hpp"
#include "report/csv_writer.hpp"
#include "report/output_file.hpp"

namespace fs = std::filesystem;

namespace msprobe::overflow {

namespace {

std::string summary_text(const std::vector<DumpScan>& scans) {
    std::string text = fmt::format("overall: {} dumps\n", scans.size());
    const bool steps = scans.front().location.step != scans.back().location.step;
    for (const auto& scan : scans) {
        const ScannedEntry* first = scan.first_overflow();
        text += fmt::format("  {:<16} first overflow: {}\n", dump_key(scan, steps),
                            first ? fmt::format("#{:04d} {} [{}]", first->seq, first->api, class_name(first->overflow_class))
                                  : std::string("none"));
    }
    if (const DumpScan* best = global_first(scans)) {
        const ScannedEntry* first = best->first_overflow();
        text += fmt::format("global first overflow (lowest execution index): {} #{:04d} {} [{}]\n",
                            dump_key(*best, steps), first->seq, first->api, class_name(first->overflow_class));
    } else {
        text += "global first overflow: none\n";
    }
    return text;
}

}  // namespace

bool OverflowCheckResult::overflow_found() const {
    for (const auto& scan : scans) {
        if (scan.overflow_count() > 0) return true;
    }
    return false;
}

OverflowCheckResult run_overflow_check(const OverflowCheckOptions& options, ThreadPool& pool) {
    OverflowCheckResult result;
    const std::vector<DumpLocation> locations = locate_dumps(options.input);
    result.scans.resize(locations.size());
    // Dumps one after another; inside a dump, tensor files in parallel.
    for (std::size_t i = 0; i < locations.size(); ++i) result.scans[i] = scan_dump(locations[i], options.scan, &pool);

    for (const auto& scan : result.scans) result.text += text_block(scan, options.first_only);
    if (result.scans.size() > 1) result.text += summary_text(result.scans);

    const bool write_json = options.format == ReportFormat::Json || (options.format == ReportFormat::Text && options.output_dir);
    const bool write_csv = options.format == ReportFormat::Csv || (options.format == ReportFormat::Text && options.output_dir);
    if (!write_json && !write_csv) return result;

    const fs::path dir = options.output_dir.value_or(fs::path("./output"));
    report::check_output_dir(dir);
    const std::string stamp = local_timestamp();
    report::StagedFiles staged;  // the json and the csv appear together
    if (write_json) {
        const std::string text = report_json(result.scans, options.first_only).dump(2) + "\n";
        staged.stage_text(dir / ("overflow_check_" + stamp + ".json"), text);
    }
    if (write_csv) {
        const report::Table table = report_table(result.scans, options.first_only);
        staged.stage(dir / ("overflow_check_" + stamp + ".csv"), [&](const fs::path& temp) {
            report::write_csv(table, report::CellRendering::Plain, temp, report::CsvDialect{true, true});
        });
    }
    result.written = staged.commit();
    return result;
}

}  // namespace msprobe::overflow
