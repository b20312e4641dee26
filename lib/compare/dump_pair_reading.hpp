#pragma once
// The two dump files of a pair, read side by side on the pool.
#include <filesystem>
#include <optional>
#include <utility>

#include "common/thread_pool.hpp"
#include "dump/dump_entry_stream.hpp"
#include "dump/dump_file.hpp"

namespace msprobe::compare {

// `read(bench_json, progress)` runs as a task of `pool` while this thread runs
// `read(npu_json, progress)`, or after it when no thread of the pool is free;
// one progress line ("Reading dumps", drawn when `show_progress` and stderr is
// a terminal) counts both files' MiB and ends with the reading. An error of the
// NPU file wins over one of the bench file.
template <class Read>
auto read_side_by_side(const std::filesystem::path& npu_json, const std::filesystem::path& bench_json, ThreadPool& pool,
                       const Read& read, bool show_progress = false) {
    using Side = decltype(read(npu_json, nullptr));
    std::optional<dump::DumpReadingProgress> progress(std::in_place, {npu_json, bench_json}, show_progress);
    std::optional<Side> bench;
    auto bench_read = pool.start([&] { bench.emplace(read(bench_json, &*progress)); });
    Side npu = read(npu_json, &*progress);
    bench_read.wait();
    progress.reset();
    return std::pair<Side, Side>(std::move(npu), std::move(*bench));
}

struct DumpFiles {
    dump::DumpFile npu;
    dump::DumpFile bench;
};

DumpFiles read_dump_files(const std::filesystem::path& npu_json, const std::filesystem::path& bench_json,
                          ThreadPool& pool, bool show_progress = false);

}  // namespace msprobe::compare
