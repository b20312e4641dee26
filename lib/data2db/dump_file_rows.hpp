#pragma once
// One dump.json read into the rows of a trend database (statistics only: its
// Norm, Max, Min and Mean), as msprobe's dump importer makes them: each
// floating-point tensor of an entry (forward inputs, outputs, parameters;
// backward inputs and outputs; parameter gradients) is a target named after
// the entry and the tensor's place. The file is streamed entry by entry; the
// rows of one file are what is held.
#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "data2db/construct_micro_steps.hpp"
#include "data2db/dump_names.hpp"
#include "data2db/dump_targets.hpp"
#include "data2db/dump_tree.hpp"
#include "data2db/name_mapping.hpp"

namespace msprobe::data2db {

struct DumpTrendRow {
    std::uint32_t target = 0;  // index into DumpFileRows::targets
    DumpMetric metric = DumpMetric::Forward;
    std::int64_t micro_step = 0;                 // added to the step the file's step starts at
    std::array<std::optional<double>, 4> stats;  // norm, max, min, mean
};

struct DumpTargetKey {
    std::string name;
    std::int64_t call = 0;  // monitoring_targets.micro_step
    bool operator==(const DumpTargetKey&) const = default;
};

struct DumpFileRows {
    bool has_data = false;         // "data" is an object (msprobe passes over a file without)
    std::int64_t micro_steps = 1;  // the micro steps construct.json gives (1 without --micro_step)
    // The targets this file is the first of its reader's files to name, numbered first_target, first_target + 1, …
    // (rows refer to the targets of the reader's earlier files too).
    std::uint32_t first_target = 0;
    std::vector<DumpTargetKey> targets;
    std::vector<DumpTrendRow> rows;
    // Where msprobe writes what it gathered (every 5000 rows, at an entry's end); the last is rows.size().
    std::vector<std::size_t> batch_ends;
};

inline constexpr std::size_t kDumpRowsPerBatch = 5000;

// Reads the dump.json files of one thread, one after the other, keeping what they share: the names (DumpNames)
// and the last construct.json, which is read again only when its text changed.
class DumpFileReader {
public:
    // `mapping` must outlive the reader.
    DumpFileReader(const NameMapping& mapping, bool micro_steps) : names_(mapping), micro_steps_(micro_steps) {}

    // Throws msprobe::Error naming the file when dump.json or (counting micro steps) construct.json cannot be read.
    DumpFileRows read(const DumpRankFiles& files);

    // What an entry key resolves to: its micro step and typed name (nullptr: not imported).
    struct ResolvedEntry {
        std::string key;
        std::int64_t micro_step = 0;
        DumpNames::Entry* entry = nullptr;
    };

private:
    const ConstructMicroSteps& construct(const std::filesystem::path& path);

    DumpNames names_;
    bool micro_steps_;
    std::optional<std::string> construct_text_;  // of the construct.json last read
    ConstructMicroSteps construct_;
    // The entries of the last file, by place: the files of a run list the same entries in the same order, so an
    // entry is first looked for at its place (one comparison) before it is resolved. Emptied when construct.json
    // changes.
    std::vector<ResolvedEntry> resolved_;
    std::size_t last_rows_ = 0;
};

// One file read by a reader of its own.
DumpFileRows read_dump_file_rows(const DumpRankFiles& files, const NameMapping& mapping, bool micro_steps);

}  // namespace msprobe::data2db
