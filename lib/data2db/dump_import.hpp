#pragma once
// The dump half of data2db: every dump.json of a dump tree into one trend
// database, files read in parallel (a thread's file at a time) and written in
// msprobe's order (steps ascending, ranks as found) by this thread alone, so
// the ids are msprobe's.
#include <filesystem>

#include "common/thread_pool.hpp"
#include "data2db/dump_tree.hpp"
#include "data2db/name_mapping.hpp"

namespace msprobe::data2db {

struct DumpImportOptions {
    // Global steps count the micro steps construct.json shows (each step starts after the previous
    // step's micro steps), instead of being the step folders' numbers.
    bool count_micro_steps = true;
};

// Writes the database to `path` (a staged file; errors name `shown_name`).
void import_dump_tree(const DumpTree& tree, const NameMapping& mapping, const DumpImportOptions& options,
                      const std::filesystem::path& path, const std::string& shown_name, ThreadPool& pool);

}  // namespace msprobe::data2db
