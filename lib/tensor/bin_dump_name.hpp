#pragma once
// The names of kernel dump files, e.g. "Add.add_1.5.1.1700000000003000":
//   OPTYPE.OPNAME.TASK.TS                           (older runtimes)
//   OPTYPE.OPNAME.TASK.STREAM.TS
//   OPTYPE.OPNAME.TASK.STREAM.TS.TASKTYPE.CONTEXT.THREAD.X   (FFTS+ / extended)
//   Opdebug.Node_OpDebug.TASK.STREAM.TS[.NUM...]    (op-debug, up to 4 more numbers)
// OPTYPE and OPNAME are [A-Za-z0-9_-]+ (OPNAME is the node name with '/' and
// '.' replaced by '_'), the rest decimal numbers. Names too long for the file
// system are stored as digits and resolved through the folder's mapping.csv
// ("short_name,original_name" lines).
#include <cstdint>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace msprobe::tensor {

// The task fields of an extended (9-field) name.
struct ExtendedTask {
    std::uint64_t task_type = 0;  // 0 AICORE, 1 AICPU, 2 DEBUG, 3 HCCL, 4 FFTSPLUS
    std::uint64_t context_id = 0;
    std::uint64_t thread_id = 0;  // the slice of an FFTS+ auto-split op
    std::uint64_t last = 0;       // undocumented, 0 in every example
};

struct BinDumpName {
    std::string op_type;
    std::string op_name;
    std::uint64_t task_id = 0;
    std::optional<std::uint64_t> stream_id;  // absent in 4-field names
    std::uint64_t timestamp = 0;             // microseconds
    std::optional<ExtendedTask> extended;    // 9-field kernel names
    std::vector<std::uint64_t> extra;        // an op-debug name's numbers after the time stamp

    bool is_op_debug() const { return op_type == "Opdebug"; }
};

// Throws msprobe::Error(name, "E_BAD_NAME: ...") for a name outside the grammar.
BinDumpName parse_bin_dump_name(std::string_view name);

// True for the short names mapping.csv resolves: digits, or digits + ".npy".
bool is_mapped_short_name(std::string_view name);

// The rows of `folder`/mapping.csv (short name -> original name); none when
// the file is absent. Rows without exactly two columns are skipped, each
// with a line in `warnings`.
std::map<std::string, std::string> read_dump_mapping(const std::filesystem::path& folder,
                                                     std::vector<std::string>& warnings);

// Resolves the names of many files, reading each folder's mapping.csv once:
// a folder of N short names would otherwise read it N times. A complaint about
// a mapping.csv row goes to the caller that first reads that folder.
// Safe to share between threads.
class DumpNameResolver {
public:
    // The name `file` stands for: its mapping.csv original for a short name
    // listed there, else its own name.
    std::string resolved(const std::filesystem::path& file, std::vector<std::string>& warnings);

    // The parsed name of `file` (after mapping.csv), or nullopt for a file whose
    // name is outside the grammar: how a folder listing tells dump files apart.
    std::optional<BinDumpName> parsed(const std::filesystem::path& file, std::vector<std::string>& warnings);

private:
    std::mutex mutex_;
    std::map<std::filesystem::path, std::map<std::string, std::string>> folders_;
};

// The same for a single file.
std::string resolved_dump_name(const std::filesystem::path& file, std::vector<std::string>& warnings);
std::optional<BinDumpName> dump_file_name(const std::filesystem::path& file, std::vector<std::string>& warnings);

}  // namespace msprobe::tensor
