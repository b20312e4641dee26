#pragma once
// The folders the online dispatch compare (PtdbgDispatch) leaves behind:
// msprobe[_<tag>]_rank<N>_<ts>/ with cpu/ (outputs
// computed on the CPU) and npu/ (inputs and outputs of the NPU run), all .npy.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace msprobe::legacy {

// One output saved on both sides: cpu/<name>.npy against npu/<name>.npy.
struct DispatchPair {
    std::string name;  // "add_3_output", "native_batch_norm_backward_10_output.0"
    std::filesystem::path npu_file;
    std::filesystem::path cpu_file;
};

struct DispatchRun {
    std::filesystem::path npu_dir;
    std::filesystem::path cpu_dir;
    std::optional<long> rank;  // from the run folder's name, when it follows the pattern
    std::vector<DispatchPair> pairs;  // by operator, call counter, then output index
};

// Pairs the outputs of npu_dir and cpu_dir. Throws msprobe::Error (exit 2)
// when a folder cannot be listed or the two share no output.
DispatchRun read_dispatch_run(const std::filesystem::path& npu_dir, const std::filesystem::path& cpu_dir);

// "msprobe_rank4_20230911170521" or "msprobe_mytag_rank4_2023..." -> 4.
std::optional<long> dispatch_rank(const std::string& run_folder_name);

}  // namespace msprobe::legacy
