#pragma once
// msprobe's right_matmul post-processing: the tensors of named dump entries
// right-multiplied (numpy.matmul) by a calibration tensor before they are
// compared, the NPU side by target_tensor_map, the bench side by
// golden_tensor_map. Entries are named by their exact data_name.
#include <yaml-cpp/yaml.h>

#include <string>
#include <unordered_map>

#include "tensor/numpy_matmul.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe::compare {

class RightMatmul {
public:
    // From one yaml document (a mapping); `file` names it in warnings.
    RightMatmul(const YAML::Node& config, const std::string& file);

    // Names at least one entry (msprobe skips a configuration that names none).
    bool effective() const { return !npu_calibration_.empty() || !bench_calibration_.empty(); }
    bool names(const std::string& npu_data_name, const std::string& bench_data_name) const;

    // The configured sides multiplied, each with msprobe's log lines; a side
    // whose calibration cannot be read or multiplied keeps its tensor.
    // `parallel_for` (a pool's) multiplies blocks of rows at once.
    void apply(tensor::TensorView& npu, tensor::TensorView& bench, const std::string& npu_data_name,
               const std::string& bench_data_name, const tensor::MatmulParallelFor& parallel_for = {}) const;

private:
    std::unordered_map<std::string, std::string> npu_calibration_;  // data_name → calibration file
    std::unordered_map<std::string, std::string> bench_calibration_;
};

}  // namespace msprobe::compare
