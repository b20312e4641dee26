#include "compare/dump_pair_reading.hpp"

#include <optional>
#include <utility>

namespace msprobe::compare {

DumpFiles read_dump_files(const std::filesystem::path& npu_json, const std::filesystem::path& bench_json,
                          ThreadPool& pool) {
    std::optional<dump::DumpFile> bench;
    auto bench_read = pool.start([&] { bench = dump::read_dump_file(bench_json); });
    dump::DumpFile npu = dump::read_dump_file(npu_json);
    bench_read.wait();
    return {std::move(npu), std::move(*bench)};
}

}  // namespace msprobe::compare
