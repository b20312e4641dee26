#pragma once
// The monitor half of data2db: the CSVs of every rank folder into one trend
// database, as msprobe's csv2db does it: a first pass over every file gathers
// the targets, metrics, statistics and steps (in parallel, a thread's file at
// a time), the dimensions are written, then a second pass writes the rows
// (files read in parallel, written by this thread alone in rank and file order).
#include <filesystem>
#include <string>
#include <vector>

#include "common/thread_pool.hpp"
#include "data2db/monitor_dirs.hpp"
#include "data2db/name_mapping.hpp"

namespace msprobe::data2db {

struct MonitorImportOptions {
    // Global steps count micro steps (each step starts after the previous steps' micro steps), and the targets
    // do not tell micro steps apart; otherwise steps are the CSV's and targets keep their micro step.
    bool count_micro_steps = true;
};

// The rank folders' CSV files, per folder, in name order; empty when there are none.
std::vector<std::vector<std::filesystem::path>> monitor_csv_files(const std::vector<MonitorRankDir>& dirs);

// Writes the database to `path` (a staged file; errors name `shown_name`); false, with msprobe's log lines and
// nothing written, when no folder holds a CSV of a trend metric.
bool import_monitor_dirs(const std::vector<MonitorRankDir>& dirs, const NameMapping& mapping,
                         const MonitorImportOptions& options, const std::filesystem::path& path,
                         const std::string& shown_name, ThreadPool& pool);

}  // namespace msprobe::data2db
