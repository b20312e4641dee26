#pragma once
// data2db: a dump tree and/or the monitor's CSV output under one folder into
// msprobe's trend databases, dump_data.trend.db and monitor_data.trend.db in
// the database folder. Each database is written whole to a temporary file and
// put in place, over the one there, only when the whole run succeeded; a run
// that finds nothing to import writes nothing (and says why, as msprobe does).
#include <filesystem>
#include <optional>

#include "common/run_summary.hpp"
#include "common/thread_pool.hpp"

namespace msprobe::data2db {

enum class TrendSources : std::uint8_t {
    DumpThenMonitor,  // whatever is there: the dump tree, then the monitor's folders
    Dump,
    Monitor,
};

struct Data2DbRequest {
    std::filesystem::path db_dir;
    std::filesystem::path data_dir;
    TrendSources sources = TrendSources::DumpThenMonitor;
    std::optional<std::filesystem::path> mapping;  // name replacements, a JSON object
    bool count_micro_steps = true;                 // global steps count micro steps (see DumpImportOptions)
};

inline constexpr const char* kDumpDatabaseName = "dump_data.trend.db";
inline constexpr const char* kMonitorDatabaseName = "monitor_data.trend.db";

// Throws msprobe::Error naming the file at fault; nothing is written then. Returns the run's summary: the dump
// files (in steps) and monitor CSV files imported, and the databases written.
RunSummary run_data2db(const Data2DbRequest& request, ThreadPool& pool);

}  // namespace msprobe::data2db
