#pragma once
// Overflows recorded by the NPU runtime in op-debug files
// (Opdebug.Node_OpDebug.TASK.STREAM.TS), traced to the kernel dump of the op
// that overflowed: the file beside it whose name carries the same task and
// stream ids (and context/thread ids when the record has them).
#include <cstdint>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "tensor/bin_dump_name.hpp"
#include "tensor/op_debug_file.hpp"

namespace msprobe::overflow {

// One block of a record that says "overflow": its kind and the task it names.
struct OverflowSource {
    std::string kind;         // "AIC", "AIV", "AICPU", "SDMA"; "DHA Atomic Add", "L2 Atomic Add", "AI Core"
    std::uint64_t task_id = 0;
    std::uint64_t stream_id = 0;
    std::string status_text;  // "128", or "[16, 0, 0, 0]" for a version 1 record
};

struct OpDebugOverflow {
    std::filesystem::path op_debug_file;
    std::uint64_t timestamp = 0;  // from the op-debug file's name
    tensor::OpDebugRecord record;
    std::vector<OverflowSource> sources;  // every block with a non-zero status; the last names the task
    std::optional<std::uint64_t> context_id;  // set when the record has one that identifies an FFTS+ context
    std::optional<std::uint64_t> thread_id;
    std::optional<std::filesystem::path> kernel_dump;  // the overflowing op's dump, when found
};

// The op-debug files under `dir` (30 levels at most; digit-only names resolved
// through mapping.csv), earliest time stamp first.
std::vector<std::filesystem::path> find_op_debug_files(const std::filesystem::path& dir);

// A kernel dump file and its parsed name.
struct NamedDumpFile {
    std::filesystem::path path;
    tensor::BinDumpName name;
};

// The kernel dumps of the folders op-debug files lie in, each folder listed
// once however many overflows it records, and the names of every file looked
// at (each folder's mapping.csv read once). Safe to share between threads.
class KernelDumpIndex {
public:
    // The files of `folder` whose names are kernel dump names (after
    // mapping.csv), by task id, then time stamp and path.
    const std::vector<NamedDumpFile>& dumps_in(const std::filesystem::path& folder);
    tensor::DumpNameResolver& names() { return names_; }

private:
    std::mutex mutex_;
    tensor::DumpNameResolver names_;
    std::map<std::filesystem::path, std::vector<NamedDumpFile>> folders_;
};

// Decodes the record of `file` and finds the kernel dump it points at, in `index`.
// Throws msprobe::Error naming the file when it cannot be read; a record with
// no non-zero status gives no sources.
OpDebugOverflow trace_op_debug_file(const std::filesystem::path& file, KernelDumpIndex& index);
// The same for one file.
OpDebugOverflow trace_op_debug_file(const std::filesystem::path& file);

}  // namespace msprobe::overflow
