#include "compare/dump_pair_reading.hpp"

namespace msprobe::compare {

DumpFiles read_dump_files(const std::filesystem::path& npu_json, const std::filesystem::path& bench_json,
                          ThreadPool& pool, bool show_progress) {
    auto [npu, bench] = read_side_by_side(
        npu_json, bench_json, pool,
        [](const std::filesystem::path& p, Progress* progress) { return dump::read_dump_file(p, progress); },
        show_progress);
    return {std::move(npu), std::move(bench)};
}

}  // namespace msprobe::compare
