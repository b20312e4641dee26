#include "overflow/op_debug_overflow.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>

#include "common/error.hpp"
#include "common/log.hpp"
#include "tensor/bin_dump_name.hpp"
#include "tensor/bin_dump_reader.hpp"

namespace fs = std::filesystem;

namespace msprobe::overflow {

namespace {

// Deeper than any dump layout (dump/step/time/device/model/iteration); stops a cycle of links.
constexpr int kMaxDepth = 30;
// An FFTS+ context or thread id of 65535 means "none".
constexpr std::uint64_t kNoId = 65535;

// The kernel dump name of `file` (after mapping.csv); mapping.csv's own complaints are the reader's to report.
std::optional<tensor::BinDumpName> dump_name_of(const fs::path& file, tensor::DumpNameResolver& names) {
    std::vector<std::string> warnings;
    return names.parsed(file, warnings);
}

std::string status_text(const tensor::OpDebugBlock& block) {
    for (const auto& field : block.fields) {
        if (field.name != "status") continue;
        if (field.values.size() == 1) return std::to_string(field.values.front());
        return fmt::format("[{}]", fmt::join(field.values, ", "));
    }
    return "0";
}

std::optional<std::uint64_t> identifying(std::optional<std::uint64_t> id) {
    if (!id || *id == 0 || *id == kNoId) return std::nullopt;
    return id;
}

bool names_task(const tensor::BinDumpName& name, const OpDebugOverflow& overflow) {
    const OverflowSource& task = overflow.sources.back();
    if (name.is_op_debug() || name.task_id != task.task_id) return false;
    if (name.stream_id && *name.stream_id != task.stream_id) return false;
    if (overflow.context_id && (!name.extended || name.extended->context_id != *overflow.context_id)) return false;
    if (overflow.thread_id && (!name.extended || name.extended->thread_id != *overflow.thread_id)) return false;
    return true;
}

// The kernel dump beside the op-debug file that names its task; the earliest when several do.
std::optional<fs::path> find_kernel_dump(const OpDebugOverflow& overflow, KernelDumpIndex& index) {
    const auto& dumps = index.dumps_in(overflow.op_debug_file.parent_path());
    const std::uint64_t task = overflow.sources.back().task_id;
    // Sorted by task id, then time stamp and path: the first of the task's run that names it is the earliest.
    auto at = std::partition_point(dumps.begin(), dumps.end(),
                                   [&](const NamedDumpFile& dump) { return dump.name.task_id < task; });
    for (; at != dumps.end() && at->name.task_id == task; ++at) {
        if (names_task(at->name, overflow)) return at->path;
    }
    return std::nullopt;
}

}  // namespace

const std::vector<NamedDumpFile>& KernelDumpIndex::dumps_in(const fs::path& folder) {
    const std::lock_guard lock(mutex_);
    auto known = folders_.find(folder);
    if (known != folders_.end()) return known->second;
    std::vector<NamedDumpFile> dumps;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
        if (!entry.is_regular_file(ec) || entry.path().filename() == "mapping.csv") continue;
        auto name = dump_name_of(entry.path(), names_);
        if (name && !name->is_op_debug()) dumps.push_back({entry.path(), std::move(*name)});
    }
    std::sort(dumps.begin(), dumps.end(), [](const NamedDumpFile& a, const NamedDumpFile& b) {
        return std::tie(a.name.task_id, a.name.timestamp, a.path) < std::tie(b.name.task_id, b.name.timestamp, b.path);
    });
    return folders_.emplace(folder, std::move(dumps)).first->second;
}

std::vector<fs::path> find_op_debug_files(const fs::path& dir) {
    tensor::DumpNameResolver names;
    std::vector<NamedDumpFile> found;
    std::error_code ec;
    fs::recursive_directory_iterator it(dir, ec);
    if (ec) throw Error(dir.string(), fmt::format("cannot be listed: {}", ec.message()));
    for (; it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (ec) throw Error(dir.string(), fmt::format("cannot be listed: {}", ec.message()));
        if (it.depth() >= kMaxDepth) it.disable_recursion_pending();
        if (!it->is_regular_file(ec)) continue;
        auto name = dump_name_of(it->path(), names);
        if (name && name->is_op_debug()) found.push_back({it->path(), std::move(*name)});
    }
    std::sort(found.begin(), found.end(), [](const NamedDumpFile& a, const NamedDumpFile& b) {
        return std::tie(a.name.timestamp, a.path) < std::tie(b.name.timestamp, b.path);
    });
    std::vector<fs::path> files;
    for (auto& file : found) files.push_back(std::move(file.path));
    return files;
}

OpDebugOverflow trace_op_debug_file(const fs::path& file) {
    KernelDumpIndex index;
    return trace_op_debug_file(file, index);
}

OpDebugOverflow trace_op_debug_file(const fs::path& file, KernelDumpIndex& index) {
    OpDebugOverflow overflow;
    overflow.op_debug_file = file;
    std::vector<std::string> warnings;
    if (const auto name = index.names().parsed(file, warnings)) overflow.timestamp = name->timestamp;
    overflow.record = tensor::read_op_debug_record(tensor::read_bin_dump(file, {.names = &index.names()}));
    const tensor::OpDebugBlock* last = nullptr;
    for (const auto& block : overflow.record.blocks) {
        if (!block.overflowed()) continue;
        overflow.sources.push_back(
            {block.kind, block.value("task_id").value_or(0), block.value("stream_id").value_or(0), status_text(block)});
        last = &block;
    }
    if (last == nullptr) {
        log::warning(fmt::format("{}: the op-debug record holds no non-zero status", file.string()));
        return overflow;
    }
    overflow.context_id = identifying(last->value("context_id"));
    overflow.thread_id = identifying(last->value("thread_id"));
    overflow.kernel_dump = find_kernel_dump(overflow, index);
    if (!overflow.kernel_dump) {
        log::warning(fmt::format("{}: no kernel dump beside it has task id {} and stream id {}", file.string(),
                                 overflow.sources.back().task_id, overflow.sources.back().stream_id));
    }
    return overflow;
}

}  // namespace msprobe::overflow
