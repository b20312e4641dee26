#pragma once
// The graph command's input JSON (-i): {"npu_path": DIR, "bench_path": DIR?,
// "is_print_compare_log": bool?, "parallel_merge": {...}?}.
#include <filesystem>
#include <optional>

#include "graph/parallel_merge_params.hpp"

namespace msprobe::graph {

struct RunInput {
    std::filesystem::path npu_path;
    std::optional<std::filesystem::path> bench_path;  // absent or empty: build mode
    // "parallel_merge": each side's layout; a compare needs both sides.
    std::optional<ParallelParams> npu_parallel;
    std::optional<ParallelParams> bench_parallel;
};

// Throws msprobe::Error naming the file: unreadable, not an object, npu_path
// missing or not a string, a path that is not an existing folder, a bad
// "parallel_merge" (spec graph.md §8.1, except the rank count). Relative
// paths are resolved against the working directory.
RunInput read_run_input(const std::filesystem::path& file);

}  // namespace msprobe::graph
