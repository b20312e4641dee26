#include "overflow/overflow_check_job.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "common/error.hpp"
#include "common/progress.hpp"
#include "common/thread_pool.hpp"
#include "common/timestamps.hpp"
#include "overflow/overflow_report.hpp"
#include "report/csv_writer.hpp"
#include "report/output_file.hpp"
#include "tensor/npy_writer.hpp"

namespace fs = std::filesystem;

namespace msprobe::overflow {

namespace {

std::string summary_text(const std::vector<DumpScan>& scans) {
    std::string text = fmt::format("overall: {} dumps\n", scans.size());
    const bool steps = scans.front().location.step != scans.back().location.step;
    for (const auto& scan : scans) {
        const ScannedEntry* first = scan.first_overflow();
        text += fmt::format(
            "  {:<16} first overflow: {}\n", dump_key(scan, steps),
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

// The run's summary of a scan: entries checked and entries reported, per dump when there are several; the first
// overflow (the global first origin, else the first propagation or absorption, else the first mutation) with
// its dump and the model's frame of its stack.
RunSummary scan_summary(const std::vector<DumpScan>& scans) {
    RunSummary run;
    run.verb = "Checked";
    std::size_t entries = 0, reported = 0;
    const bool steps = !scans.empty() && scans.front().location.step != scans.back().location.step;
    for (const auto& scan : scans) {
        run.parts.push_back(
            {dump_key(scan, steps), {scan.entries, "entries"}, {{scan.reported.size(), "anomalies"}}, {}});
        entries += scan.entries;
        reported += scan.reported.size();
    }
    run.total = {entries, scans.size() > 1 ? fmt::format("entries of {} dumps", scans.size()) : "entries"};
    run.counts = {{reported, "anomalies"}};
    const DumpScan* where = global_first(scans);
    const ScannedEntry* first = where != nullptr ? where->first_overflow() : nullptr;
    for (const auto& scan : scans) {
        if (first != nullptr) break;
        if (!scan.reported.empty()) where = &scan, first = &scan.reported.front();
    }
    if (first != nullptr) {
        run.first_problem = SummaryProblem{"anomaly", first->api, scans.size() > 1 ? dump_key(*where, steps) : "",
                                           std::string(class_name(first->overflow_class)), model_frame(first->stack)};
    }
    return run;
}

// The run's summary of op-debug files: files traced, overflows found, the first overflowing op.
RunSummary op_debug_summary(const std::vector<OpDebugReportEntry>& entries) {
    RunSummary run;
    run.verb = "Traced";
    run.total = {entries.size(), "op-debug files"};
    std::size_t overflows = 0, found = 0;
    for (const auto& entry : entries) {
        overflows += entry.overflow.sources.empty() ? 0 : 1;
        found += entry.op ? 1 : 0;
        if (run.first_problem || entry.overflow.sources.empty()) continue;
        run.first_problem = SummaryProblem{"overflow", entry.op ? entry.op->op_name : "",
                                           entry.overflow.op_debug_file.filename().string(), "", ""};
    }
    run.counts = {{overflows, "overflows"}, {found, "traced to their kernel dump"}};
    return run;
}

// The files of a dump's dump_tensor_data folder (none without one).
std::int64_t tensor_file_count(const DumpLocation& location) {
    std::int64_t count = 0;
    std::error_code ec;
    for (fs::directory_iterator it(location.dump_json.parent_path() / "dump_tensor_data", ec), end; !ec && it != end;
         it.increment(ec)) {
        if (it->is_regular_file(ec)) ++count;
    }
    return count;
}

OverflowCheckResult run_op_debug_check(const OverflowCheckOptions& options, std::vector<fs::path> files,
                                       ThreadPool& pool) {
    if (options.format == ReportFormat::Csv) {
        throw Error(options.input.string(), "holds op-debug files, which are reported as text or json, not csv");
    }
    if (options.first_only) files.resize(1);
    OverflowCheckResult result;
    std::vector<OpDebugOverflow> overflows(files.size());
    KernelDumpIndex index;
    {
        Progress progress("Tracing op-debug files", static_cast<std::int64_t>(files.size()), options.show_progress,
                          "files");
        pool.parallel_for(static_cast<std::int64_t>(files.size()), [&](std::int64_t i) {
            const auto at = static_cast<std::size_t>(i);
            overflows[at] = trace_op_debug_file(files[at], index);
            progress.advance();
        });
    }
    result.op_debug = describe_overflows(std::move(overflows), pool);
    const std::string summary = op_debug_summary_text(result.op_debug);
    result.text = fmt::format("{} op-debug file(s) in {}\n", files.size(), options.input.string()) + summary;

    const fs::path dir = options.output_dir.value_or(fs::path("./output"));
    report::check_output_dir(dir);
    const std::string stamp = local_timestamp();
    report::StagedFiles staged;  // the summary and every file it names appear together
    staged.stage_text(dir / ("overflow_summary_" + stamp + ".txt"), summary);
    if (options.format == ReportFormat::Json) {
        staged.stage_text(dir / ("overflow_check_" + stamp + ".json"),
                          op_debug_report_json(result.op_debug).dump(2) + "\n");
    }
    std::set<const OverflowOp*> written_ops;  // the records of one kernel dump write its tensors once
    for (const auto& entry : result.op_debug) {
        const auto json_name = entry.overflow.op_debug_file.filename().string() + ".output.0.json";
        staged.stage_text(dir / json_name, tensor::op_debug_json(entry.overflow.record).dump(4));
        if (!entry.op || !written_ops.insert(entry.op.get()).second) continue;
        for (const auto& tensor : entry.op->tensors) {
            if (!tensor.values) continue;
            staged.stage(dir / tensor.file_name,
                         [&](const fs::path& temp) { tensor::write_npy(temp, *tensor.values); });
        }
    }
    result.written = staged.commit();
    result.run = op_debug_summary(result.op_debug);
    result.run.written = result.written;
    return result;
}

}  // namespace

bool OverflowCheckResult::overflow_found() const {
    for (const auto& scan : scans) {
        if (scan.overflow_count() > 0) return true;
    }
    for (const auto& entry : op_debug) {
        if (!entry.overflow.sources.empty()) return true;
    }
    return false;
}

OverflowCheckResult run_overflow_check(const OverflowCheckOptions& options, ThreadPool& pool) {
    if (fs::is_directory(options.input)) {
        if (auto files = find_op_debug_files(options.input); !files.empty()) {
            return run_op_debug_check(options, std::move(files), pool);
        }
    }
    OverflowCheckResult result;
    const std::vector<DumpLocation> locations = locate_dumps(options.input);
    result.scans.resize(locations.size());
    // Dumps one after another; inside a dump, tensor files in parallel.
    if (locations.size() == 1) {
        // One dump: its tensor files are what takes time, and are counted.
        Progress files("Reading tensor files", options.scan.read_tensor_files ? tensor_file_count(locations[0]) : 0,
                       options.show_progress, "files");
        result.scans[0] = scan_dump(locations[0], options.scan, &pool, &files);
    } else {
        Progress dumps("Scanning dumps", static_cast<std::int64_t>(locations.size()), options.show_progress, "dumps");
        for (std::size_t i = 0; i < locations.size(); ++i) {
            result.scans[i] = scan_dump(locations[i], options.scan, &pool);
            dumps.advance();
        }
    }

    for (const auto& scan : result.scans) result.text += text_block(scan, options.first_only);
    if (result.scans.size() > 1) result.text += summary_text(result.scans);
    result.run = scan_summary(result.scans);

    const bool write_json =
        options.format == ReportFormat::Json || (options.format == ReportFormat::Text && options.output_dir);
    const bool write_csv =
        options.format == ReportFormat::Csv || (options.format == ReportFormat::Text && options.output_dir);
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
    result.run.written = result.written;
    return result;
}

}  // namespace msprobe::overflow
