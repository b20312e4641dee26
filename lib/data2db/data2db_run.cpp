#include "data2db/data2db_run.hpp"

#include <fmt/format.h>

#include "common/error.hpp"
#include "common/log.hpp"
#include "data2db/dump_import.hpp"
#include "data2db/dump_tree.hpp"
#include "data2db/monitor_dirs.hpp"
#include "data2db/monitor_import.hpp"
#include "data2db/name_mapping.hpp"
#include "report/output_file.hpp"

namespace msprobe::data2db {

namespace {

namespace fs = std::filesystem;

// The database about to be written: msprobe's warning when one is there, which is replaced at the end.
fs::path database_target(const fs::path& db_dir, const char* name) {
    const fs::path target = db_dir / name;
    std::error_code ec;
    const auto status = fs::symlink_status(target, ec);
    if (fs::exists(status)) {
        if (!fs::is_regular_file(status)) {
            throw Error(target.string(), "is there and is not a database file; it would be replaced");
        }
        log::warning(fmt::format("Existing database will be replaced: {}", target.string()));
    }
    return target;
}

// What the run imported, counted as it is staged.
struct Imported {
    std::size_t steps = 0, dump_files = 0, monitor_dirs = 0, monitor_csv_files = 0;
};

void stage_dump(const Data2DbRequest& request, const NameMapping& mapping, report::StagedFiles& staged,
                ThreadPool& pool, Imported& imported) {
    log::info("Starting dump data import...");
    const DumpTree tree = find_dump_tree(request.data_dir);
    if (tree.steps.empty()) {
        const std::string message = fmt::format(
            "No valid dump data discovered in: {}, dump import skipped. See preceding scan warnings for the exact "
            "reason.",
            request.data_dir.string());
        // Asked for a dump, or a step folder was there: finding none is an error (the run still ends with 0).
        if (request.sources == TrendSources::Dump || tree.step_found) {
            log::error(message);
        } else {
            log::info(message);
        }
        return;
    }
    const fs::path target = database_target(request.db_dir, kDumpDatabaseName);
    imported.steps = tree.steps.size();
    for (const auto& step : tree.steps) imported.dump_files += step.ranks.size();
    staged.stage(target, [&](const fs::path& temp) {
        import_dump_tree(tree, mapping, {.count_micro_steps = request.count_micro_steps}, temp, target.string(), pool);
    });
    log::info(fmt::format("Dump data import completed. DB: {}", target.string()));
}

void stage_monitor(const Data2DbRequest& request, const NameMapping& mapping, report::StagedFiles& staged,
                   ThreadPool& pool, Imported& imported) {
    log::info("Starting monitor data import...");
    const auto dirs = find_monitor_dirs(request.data_dir);
    if (dirs.empty()) {
        log::warning(fmt::format("No valid monitor directories found in: {}", request.data_dir.string()));
        return;
    }
    const fs::path target = request.db_dir / kMonitorDatabaseName;
    const auto csv_files = monitor_csv_files(dirs);
    if (csv_files == std::vector<std::vector<fs::path>>(dirs.size())) {
        import_monitor_dirs(dirs, mapping, {}, target, target.string(), pool);  // says there is nothing; no file
        return;
    }
    database_target(request.db_dir, kMonitorDatabaseName);
    imported.monitor_dirs = dirs.size();
    for (const auto& files : csv_files) imported.monitor_csv_files += files.size();
    staged.stage(target, [&](const fs::path& temp) {
        import_monitor_dirs(dirs, mapping, {.count_micro_steps = request.count_micro_steps}, temp, target.string(),
                            pool);
    });
    log::info(fmt::format("Monitor data import completed. DB: {}", target.string()));
}

}  // namespace

RunSummary run_data2db(const Data2DbRequest& request, ThreadPool& pool) {
    const NameMapping mapping = request.mapping ? NameMapping::read(*request.mapping) : NameMapping();
    std::error_code ec;
    if (!fs::is_directory(request.data_dir, ec)) throw Error(request.data_dir.string(), "is not a directory");
    report::check_output_dir(request.db_dir);
    report::StagedFiles staged(report::Existing::Replace);
    Imported imported;
    switch (request.sources) {
        case TrendSources::DumpThenMonitor:
            log::info("Auto-detect mode: attempting both dump and monitor imports");
            log::info("Trying dump import...");
            stage_dump(request, mapping, staged, pool, imported);
            log::info("Trying monitor import...");
            stage_monitor(request, mapping, staged, pool, imported);
            break;
        case TrendSources::Dump:
            log::info("Importing data in 'dump' format");
            stage_dump(request, mapping, staged, pool, imported);
            break;
        case TrendSources::Monitor:
            log::info("Importing data in 'monitor' format");
            stage_monitor(request, mapping, staged, pool, imported);
            break;
    }
    report::ensure_output_dir(request.db_dir);  // msprobe makes the folder even when it finds nothing
    RunSummary run;
    run.verb = "Imported";
    run.total = {imported.dump_files + imported.monitor_csv_files, "files"};
    run.counts = {
        {imported.dump_files, fmt::format("dump files of {} step(s)", imported.steps)},
        {imported.monitor_csv_files, fmt::format("monitor CSV files of {} folder(s)", imported.monitor_dirs)}};
    run.written = staged.commit();
    return run;
}

}  // namespace msprobe::data2db
