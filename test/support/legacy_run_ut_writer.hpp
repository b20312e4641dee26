#pragma once
// The 2023 api_accuracy_checker's own dump (spec run_ut §2.4), random-data
// mode: forward_info_<pid>.json ("Family*api*n": {"args", "kwargs"}), the
// gradients of the outputs in backward_info_<pid>.json and stack_info_<pid>.json.
// APIs: Functional*relu*0 (float32 [2, 3]), Torch*matmul*0 (float32 [2, 3] @ [3, 4])
// and Tensor*__add__*0 (float32 [2, 3] + int 2, no backward record).
#include <filesystem>

namespace msprobe::testing {

struct LegacyRunUtFiles {
    std::filesystem::path forward;
    std::filesystem::path backward;
    std::filesystem::path stack;
};

LegacyRunUtFiles write_legacy_run_ut_dump(const std::filesystem::path& dir, int pid = 4242);

}  // namespace msprobe::testing
