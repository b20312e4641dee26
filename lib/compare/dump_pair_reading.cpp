#include "compare/dump_pair_reading.hpp"

#include <system_error>

#include "dump/dump_entry_stream.hpp"

namespace msprobe::compare {

std::int64_t dump_pair_mib(const std::filesystem::path& npu_json, const std::filesystem::path& bench_json) {
    std::int64_t mib = 0;
    for (const auto* path : {&npu_json, &bench_json}) {
        std::error_code error;
        const std::uintmax_t bytes = std::filesystem::file_size(*path, error);
        if (!error) mib += dump::dump_mib(bytes);
    }
    return mib;
}

DumpFiles read_dump_files(const std::filesystem::path& npu_json, const std::filesystem::path& bench_json,
                          ThreadPool& pool, bool show_progress) {
    auto [npu, bench] = read_side_by_side(
        npu_json, bench_json, pool,
        [](const std::filesystem::path& p, Progress* progress) { return dump::read_dump_file(p, progress); },
        show_progress);
    return {std::move(npu), std::move(bench)};
}

}  // namespace msprobe::compare
