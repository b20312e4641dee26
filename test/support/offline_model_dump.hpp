#pragma once
// A converted model's dumps for `compare -m offline_data` tests and benches:
// the NPU side as CANN kernel dumps (.bin, float16 in device layouts), the
// golden side as TensorFlow-style .npy dumps ("<op with / as _>.<output>.<ts>.npy"),
// and ATC's fusion rule json tying them together. Per block i:
//
//   golden ops                      NPU ops (fusion rule)
//   block{i}/input  (Data)          -                             the NPU's inputs read it
//   block{i}/conv, block{i}/relu    block{i}_conv_relu (Conv2D)    two ops fused: MultiToOne, NC1HWC0 output
//   block{i}/matmul                 block{i}_matmul (MatMul)       FRACTAL_NZ output, input from block{i}/flat
//   block{i}/flat   (Data)          block{i}_cast (Cast)           float16 -> float32, read through to the matmul
//   block{i}/bias_add               block{i}_bias_add (BiasAdd)    ND float32, input from the Cast
//   block{i}/split                  block{i}_split_0, _1 (Split)   one golden op made two: OneToMulti
//
// NPU values are the golden ones times (1 + npu_noise * normal), rounded to
// float16, so every metric has something to measure.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace msprobe::testing {

struct OfflineModelOptions {
    std::uint64_t seed = 1;
    int blocks = 1;
    std::int64_t batch = 2;
    std::int64_t channels = 19;  // not a multiple of 16: NC1HWC0 pads
    std::int64_t spatial = 5;    // H = W
    std::int64_t rows = 33;      // matmul M (FRACTAL_NZ pads to 16)
    std::int64_t columns = 20;   // matmul N
    double npu_noise = 1e-3;
    bool drop_golden_bias_add = false;  // leave one golden file out
};

struct OfflineModelTree {
    std::filesystem::path npu;          // NPU kernel dumps
    std::filesystem::path golden;       // golden .npy dumps
    std::filesystem::path fusion_rule;  // the rule json
    std::uint64_t npu_bytes = 0, golden_bytes = 0;
};

OfflineModelTree write_offline_model(const std::filesystem::path& root, const OfflineModelOptions& options);

// The golden values the generator wrote for `op` output 0 (row-major float32), and the NPU ones before
// their device layout, for tests that recompute the metrics.
struct OfflineModelValues {
    std::vector<std::int64_t> shape;
    std::vector<float> golden;
    std::vector<float> npu;  // float16 values widened
};
OfflineModelValues offline_model_values(const OfflineModelOptions& options, int block, const std::string& op);

// A kernel dump named `file` (its file name is also its op name) with one 1-D float32 input and output.
void write_float_kernel_dump(const std::filesystem::path& file, const std::vector<float>& input,
                             const std::vector<float>& output);

}  // namespace msprobe::testing
