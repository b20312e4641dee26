// The folder of post-processing yamls: which files count, msprobe's log line for each, and the order in which
// configurations apply to a pair they name.
#include <catch2/catch.hpp>
#include <unistd.h>

#include <cstring>
#include <memory>
#include <span>
#include <vector>

#include "compare/tensor_postprocess.hpp"
#include "support/captured_output.hpp"
#include "support/file_text.hpp"
#include "support/owned_tensor.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_tensors.hpp"
#include "support/tensor_writers.hpp"
#include "tensor/strided.hpp"

using namespace msprobe;
using tensor::DType;
using tensor::TensorView;
namespace fs = std::filesystem;

namespace {

void write(const fs::path& path, const std::string& text) { testing::write_tensor_bytes(path, text); }

std::vector<float> floats_of(const TensorView& v) {
    REQUIRE(v.is_contiguous());
    std::vector<float> out(static_cast<std::size_t>(v.numel()));
    std::memcpy(out.data(), v.data, out.size() * sizeof(float));
    return out;
}

std::string naming(const fs::path& calibration, const std::string& data_name) {
    return "mode: right_matmul\ntarget_tensor_map:\n  " + calibration.string() + ":\n    - " + data_name + "\n";
}

}  // namespace

TEST_CASE("every yaml of the folder is read in name order, each with msprobe's line", "[compare][tensor_postprocess]") {
    const fs::path dir = testing::scratch_dir("tensor_postprocess_load");
    testing::write_npy_f32(dir / "p.npy", {2, 2}, std::vector<float>{1, 2, 0, 1});
    write(dir / "a_empty.yaml", "mode: right_matmul\ntarget_tensor_map: {}\ngolden_tensor_map: {}\n");
    write(dir / "b_other.yml", "mode: left_matmul\n");
    write(dir / "c_no_mode.yaml", "target_tensor_map: {}\n");
    write(dir / "d_broken.yaml", "mode: [right_matmul\n");
    write(dir / "e_blank.yaml", "");
    write(dir / "f_loaded.yaml", naming(dir / "p.npy", "npu.pt"));
    write(dir / "g_list.yaml", "- mode\n");
    write(dir / "h_notes.txt", "mode: left_matmul\n");

    std::optional<compare::TensorPostprocess> loaded;
    const std::string out =
        testing::captured_output(STDOUT_FILENO, [&] { loaded = compare::TensorPostprocess::load(dir); });
    CHECK(loaded->effective());
    const std::vector<std::string> lines = {
        "[INFO] Skipped empty tensor postprocess config [right_matmul] from " + (dir / "a_empty.yaml").string(),
        "[WARNING] Unknown tensor postprocess mode: left_matmul",
        "[WARNING] Unknown tensor postprocess mode: None",
        "[WARNING] Failed to load tensor postprocess config: " + (dir / "d_broken.yaml").string(),
        "[INFO] Loaded tensor postprocess mode [right_matmul] from " + (dir / "f_loaded.yaml").string(),
        "[WARNING] Failed to load tensor postprocess config: " + (dir / "g_list.yaml").string(),
    };
    std::size_t at = 0;
    for (const auto& line : lines) {
        INFO(line);
        const auto found = out.find(line, at);
        CHECK(found != std::string::npos);
        if (found != std::string::npos) at = found + line.size();
    }
    CHECK(out.find("e_blank") == std::string::npos);  // an empty document is skipped without a word
    CHECK(out.find("h_notes") == std::string::npos);  // not a yaml name
}

TEST_CASE("no folder, or nothing named, is no post-processing", "[compare][tensor_postprocess]") {
    const fs::path dir = testing::scratch_dir("tensor_postprocess_none");
    std::optional<compare::TensorPostprocess> loaded;
    CHECK(testing::captured_output(STDOUT_FILENO, [&] {
              loaded = compare::TensorPostprocess::load(dir / "absent");
          }).empty());
    CHECK_FALSE(loaded->effective());
    write(dir / "right_matmul.yaml", "mode: right_matmul\ntarget_tensor_map: {}\ngolden_tensor_map: {}\n");
    CHECK_FALSE(compare::TensorPostprocess::load(dir).effective());
}

TEST_CASE("a named pair is squeezed, then each configuration applies in name order", "[compare][tensor_postprocess]") {
    const fs::path dir = testing::scratch_dir("tensor_postprocess_order");
    testing::write_npy_f32(dir / "p.npy", {2, 2}, std::vector<float>{1, 2, 0, 1});  // [[1, 2], [0, 1]]
    testing::write_npy_f32(dir / "q.npy", {2, 2}, std::vector<float>{0, 1, 1, 0});  // [[0, 1], [1, 0]]
    write(dir / "1.yaml", naming(dir / "p.npy", "npu.pt"));
    write(dir / "2.yaml", naming(dir / "q.npy", "npu.pt"));
    const auto manager = compare::TensorPostprocess::load(dir);

    // (1, 2) squeezed to (2,): [1, 0] @ P = [1, 2], then @ Q = [2, 1] (Q then P would give [0, 1]).
    TensorView npu = testing::owned_tensor(DType::Float32, {1, 2}, std::vector<float>{1, 0});
    TensorView bench = testing::owned_tensor(DType::Float32, {1, 2, 1}, std::vector<float>{7, 8});
    manager.apply(npu, bench, "npu.pt", "bench.pt");
    CHECK(npu.shape == std::vector<std::int64_t>{2});
    CHECK(floats_of(npu) == std::vector<float>{2, 1});
    CHECK(bench.shape == std::vector<std::int64_t>{2});  // squeezed as msprobe's reader squeezes it
    CHECK(floats_of(bench) == std::vector<float>{7, 8});

    // A pair no configuration names is left exactly as read.
    TensorView other = testing::owned_tensor(DType::Float32, {1, 2}, std::vector<float>{1, 0});
    TensorView other_bench = other;
    manager.apply(other, other_bench, "other.pt", "bench.pt");
    CHECK(other.shape == std::vector<std::int64_t>{1, 2});
}
