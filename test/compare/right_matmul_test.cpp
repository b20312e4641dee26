// right_matmul: which entries a configuration names, msprobe's log lines, and the tensors it leaves, against
// values NumPy 1.24 computed for the same operands.
#include <catch2/catch.hpp>
#include <unistd.h>

#include <bit>
#include <cstring>
#include <memory>
#include <span>
#include <vector>

#include "compare/right_matmul.hpp"
#include "support/captured_output.hpp"
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

template <class T>
std::vector<T> values_of(const TensorView& v) {
    REQUIRE(v.is_contiguous());
    std::vector<T> out(static_cast<std::size_t>(v.numel()));
    std::memcpy(out.data(), v.data, out.size() * sizeof(T));
    return out;
}

// The 4 x 2 calibration of these tests, and an NPU vector whose product NumPy gave.
const std::vector<float> kCalibration{0.3f, -1.0f, 0.7f, 2.0f, 1.1f, 0.5f, -0.2f, 0.25f};
const std::vector<float> kVector{1.5f, -2.25f, 0.1f, 3.0f};

YAML::Node config_naming(const std::string& side, const std::string& path, const std::vector<std::string>& names) {
    YAML::Node config;
    config["mode"] = "right_matmul";
    for (const auto& name : names) config[side][path].push_back(name);
    return config;
}

}  // namespace

TEST_CASE("right_matmul names entries by their exact data_name, per side", "[compare][right_matmul]") {
    YAML::Node config = config_naming("target_tensor_map", "/c/a.npy", {"Add.0.forward.output.0.pt"});
    config["golden_tensor_map"]["/c/b.npy"].push_back("Mul.0.forward.output.0.pt");
    const compare::RightMatmul processor(config, "f.yaml");
    CHECK(processor.effective());
    CHECK(processor.names("Add.0.forward.output.0.pt", "x"));
    CHECK(processor.names("x", "Mul.0.forward.output.0.pt"));
    CHECK_FALSE(processor.names("Mul.0.forward.output.0.pt", "Add.0.forward.output.0.pt"));  // the other side's
    CHECK_FALSE(processor.names("Add.0.forward.output.0", "x"));

    YAML::Node empty = YAML::Load("mode: right_matmul\ntarget_tensor_map: {}\ngolden_tensor_map:\n");
    CHECK_FALSE(compare::RightMatmul(empty, "e.yaml").effective());
}

TEST_CASE("right_matmul skips a tensor path whose data_names are not a list, naming their type",
          "[compare][right_matmul]") {
    const YAML::Node config = YAML::Load(
        "target_tensor_map:\n"
        "  /c/s.npy: Add.0.forward.output.0.pt\n"
        "  /c/i.npy: 5\n"
        "  /c/d.npy: {a: 1}\n"
        "  /c/n.npy:\n"
        "  /c/ok.npy: [Mul.0.forward.output.0.pt]\n");
    bool effective = false;
    const std::string out = testing::captured_output(
        STDOUT_FILENO, [&] { effective = compare::RightMatmul(config, "f.yaml").effective(); });
    CHECK(effective);
    for (const char* line :
         {"[WARNING] Invalid data_names for tensor path '/c/s.npy': expected a list, got str. Skipped.",
          "[WARNING] Invalid data_names for tensor path '/c/i.npy': expected a list, got int. Skipped.",
          "[WARNING] Invalid data_names for tensor path '/c/d.npy': expected a list, got dict. Skipped.",
          "[WARNING] Invalid data_names for tensor path '/c/n.npy': expected a list, got NoneType. Skipped."}) {
        CHECK(out.find(line) != std::string::npos);
    }
    CHECK(out.find("/c/ok.npy") == std::string::npos);
}

TEST_CASE("right_matmul multiplies the configured side by a .npy calibration", "[compare][right_matmul]") {
    const fs::path dir = testing::scratch_dir("right_matmul_npy");
    const std::string calibration = (dir / "calib.npy").string();
    testing::write_npy_f32(calibration, {4, 2}, kCalibration);
    const compare::RightMatmul processor(config_naming("target_tensor_map", calibration, {"npu.pt"}), "f.yaml");

    TensorView npu = testing::owned_tensor(DType::Float32, {4}, kVector);
    TensorView bench = testing::owned_tensor(DType::Float32, {4}, kVector);
    const std::byte* bench_data = bench.data;
    const std::string out =
        testing::captured_output(STDOUT_FILENO, [&] { processor.apply(npu, bench, "npu.pt", "bench.pt"); });
    CHECK(out.find("[INFO] [npu.pt] Right-matmul target tensor from " + calibration) != std::string::npos);
    CHECK(npu.dtype == DType::Float32);
    CHECK(npu.shape == std::vector<std::int64_t>{2});
    // numpy: [1.5, -2.25, 0.1, 3] @ calib = [-1.6149999, -5.2] (float32)
    CHECK(values_of<std::uint32_t>(npu) == std::vector<std::uint32_t>{0xbfceb851, 0xc0a66666});
    CHECK(bench.data == bench_data);  // the bench side is not configured
    CHECK(bench.shape == std::vector<std::int64_t>{4});
}

TEST_CASE("right_matmul reads a bfloat16 dump tensor as float32 and promotes by NumPy's rules",
          "[compare][right_matmul]") {
    const fs::path dir = testing::scratch_dir("right_matmul_pt");
    const std::string calibration = (dir / "calib.pt").string();
    const std::vector<double> wide{0.3, -1, 0.7, 2, 1.1, 0.5, -0.2, 0.25};
    testing::write_pt(calibration, DType::Float64, {4, 2}, {2, 1}, 0, std::as_bytes(std::span(wide)));
    const compare::RightMatmul processor(config_naming("golden_tensor_map", calibration, {"bench.pt"}), "f.yaml");

    TensorView npu = testing::owned_tensor(DType::Float32, {4}, kVector);
    // bfloat16 1.5, -2.25, 0.125, 3
    TensorView bench =
        testing::owned_tensor(DType::BFloat16, {4}, std::vector<std::uint16_t>{0x3FC0, 0xC010, 0x3E00, 0x4040});
    const std::string out =
        testing::captured_output(STDOUT_FILENO, [&] { processor.apply(npu, bench, "npu.pt", "bench.pt"); });
    CHECK(out.find("[INFO] [bench.pt] Right-matmul golden tensor from " + calibration) != std::string::npos);
    CHECK(bench.dtype == DType::Float64);
    // numpy: float32 [1.5, -2.25, 0.125, 3] @ float64 calib = [-1.5875, -5.1875]
    CHECK(values_of<std::uint64_t>(bench) == std::vector<std::uint64_t>{0xbff9666666666667, 0xc014c00000000000});
    CHECK(npu.shape == std::vector<std::int64_t>{4});
}

TEST_CASE("right_matmul leaves the tensor and warns when it cannot multiply", "[compare][right_matmul]") {
    const fs::path dir = testing::scratch_dir("right_matmul_failures");
    const std::string wrong_shape = (dir / "three_rows.npy").string();
    testing::write_npy_f32(wrong_shape, {3, 2}, std::vector<float>(6, 1.0f));
    const std::string missing = (dir / "missing.npy").string();
    const std::string text = (dir / "calib.txt").string();
    testing::write_tensor_bytes(text, "1 2 3");
    const std::string bf16 = (dir / "bf16.pt").string();
    const std::vector<std::uint16_t> halves(8, 0x3F80);
    testing::write_pt(bf16, DType::BFloat16, {4, 2}, {2, 1}, 0, std::as_bytes(std::span(halves)));

    struct Case {
        std::string path;
        bool logs_info;  // msprobe says it multiplies once the calibration is read
    };
    for (const auto& [path, logs_info] :
         {Case{wrong_shape, true}, Case{missing, false}, Case{text, false}, Case{bf16, false}}) {
        INFO(path);
        const compare::RightMatmul processor(config_naming("target_tensor_map", path, {"npu.pt"}), "f.yaml");
        TensorView npu = testing::owned_tensor(DType::Float32, {4}, kVector);
        TensorView bench = npu;
        const std::byte* before = npu.data;
        const std::string out =
            testing::captured_output(STDOUT_FILENO, [&] { processor.apply(npu, bench, "npu.pt", "bench.pt"); });
        CHECK(out.find("[WARNING] [npu.pt] Failed to right-matmul target tensor from " + path) != std::string::npos);
        CHECK((out.find("Right-matmul target tensor from") != std::string::npos) == logs_info);
        CHECK(npu.data == before);
        CHECK(npu.shape == std::vector<std::int64_t>{4});
    }
}
