// The run's folder of configurations: nothing is read until a real-data table asks, then it is read once,
// whichever threads ask.
#include <catch2/catch.hpp>
#include <unistd.h>

#include <set>
#include <thread>
#include <vector>

#include "compare/tensor_postprocess_folder.hpp"
#include "support/captured_output.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_tensors.hpp"
#include "support/text_occurrences.hpp"

using namespace msprobe;
namespace fs = std::filesystem;

TEST_CASE("the folder is read on first use, once", "[compare][tensor_postprocess_folder]") {
    const fs::path dir = testing::scratch_dir("tensor_postprocess_folder");
    testing::write_npy_f32(dir / "p.npy", {2, 2}, {1, 2, 0, 1});
    testing::write_tensor_bytes(
        dir / "a.yaml", "mode: right_matmul\ntarget_tensor_map:\n  " + (dir / "p.npy").string() + ":\n    - npu.pt\n");

    std::optional<compare::TensorPostprocessFolder> folder;
    CHECK(testing::captured_output(STDOUT_FILENO, [&] { folder.emplace(dir); }).empty());

    std::set<const compare::TensorPostprocess*> seen;
    std::mutex mutex;
    const std::string out = testing::captured_output(STDOUT_FILENO, [&] {
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t) {
            threads.emplace_back([&] {
                const auto* loaded = &folder->configurations();
                const std::lock_guard lock(mutex);
                seen.insert(loaded);
            });
        }
        for (auto& thread : threads) thread.join();
    });
    CHECK(testing::occurrences(out, "[INFO] Loaded tensor postprocess mode [right_matmul] from ") == 1);
    CHECK(seen.size() == 1);
    CHECK(folder->configurations().effective());
}
