#pragma once
// The two dump files of a pair, read side by side on the pool.
#include <filesystem>

#include "common/thread_pool.hpp"
#include "dump/dump_file.hpp"

namespace msprobe::compare {

struct DumpFiles {
    dump::DumpFile npu;
    dump::DumpFile bench;
};

// The bench file is read as a task of `pool` while this thread reads the NPU
// one, or after it when no thread of the pool is free. An error of the NPU
// file wins over one of the bench file.
DumpFiles read_dump_files(const std::filesystem::path& npu_json, const std::filesystem::path& bench_json,
                          ThreadPool& pool);

}  // namespace msprobe::compare
