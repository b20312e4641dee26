#pragma once
// The post-processing of tensors between their reading and their comparison
// in the real-data table, configured by a folder of yaml files as msprobe's
// core/compare/tensor_postprocess/ folder is (docs/tensor_postprocess.md).
#include <filesystem>
#include <string>
#include <vector>

#include "compare/right_matmul.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe::compare {

class TensorPostprocess {
public:
    // Every *.yaml and *.yml in `dir`, in name order, with msprobe's log lines;
    // a file that cannot be used is skipped with a warning. No folder: nothing.
    static TensorPostprocess load(const std::filesystem::path& dir);

    // Some configuration names an entry: only then is a tensor looked at.
    bool effective() const { return !processors_.empty(); }

    // A pair some configuration names is first squeezed, as msprobe's August
    // readers squeeze every tensor, then each configuration applied in order.
    void apply(tensor::TensorView& npu, tensor::TensorView& bench, const std::string& npu_data_name,
               const std::string& bench_data_name, const tensor::MatmulParallelFor& parallel_for = {}) const;

private:
    std::vector<RightMatmul> processors_;
};

}  // namespace msprobe::compare
