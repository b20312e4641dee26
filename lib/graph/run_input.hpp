#pragma once
// The graph command's input JSON (-i): {"npu_path": DIR, "bench_path": DIR?,
// "is_print_compare_log": bool?, "parallel_merge": {...}?}.
#include <filesystem>
#include <optional>

namespace msprobe::graph {

struct RunInput {
    std::filesystem::path npu_path;
    std::optional<std::filesystem::path> bench_path;  // absent or empty: build mode
};

// Throws msprobe::Error naming the file: unreadable, not an object, npu_path
// missing or not a string, a path that is not an existing folder. Relative
// paths are resolved against the working directory.
RunInput read_run_input(const std::filesystem::path& file);

}  // namespace msprobe::graph
