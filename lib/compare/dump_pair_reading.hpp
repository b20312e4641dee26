#pragma once
// The two dump files of a pair, read side by side on the pool.
#include <filesystem>
#include <optional>
#include <utility>

#include "common/thread_pool.hpp"
#include "dump/dump_file.hpp"

namespace msprobe::compare {

// `read(bench_json)` runs as a task of `pool` while this thread runs
// `read(npu_json)`, or after it when no thread of the pool is free. An error
// of the NPU file wins over one of the bench file.
template <class Read>
auto read_side_by_side(const std::filesystem::path& npu_json, const std::filesystem::path& bench_json, ThreadPool& pool,
                       const Read& read) {
    using Side = decltype(read(npu_json));
    std::optional<Side> bench;
    auto bench_read = pool.start([&] { bench.emplace(read(bench_json)); });
    Side npu = read(npu_json);
    bench_read.wait();
    return std::pair<Side, Side>(std::move(npu), std::move(*bench));
}

struct DumpFiles {
    dump::DumpFile npu;
    dump::DumpFile bench;
};

DumpFiles read_dump_files(const std::filesystem::path& npu_json, const std::filesystem::path& bench_json,
                          ThreadPool& pool);

}  // namespace msprobe::compare
