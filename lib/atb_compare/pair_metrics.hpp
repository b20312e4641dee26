#pragma once
// The six metric cells of one tensor pair in tensor mode (atb_data_compare.py:
// compare_single_tensor): bfloat16 widened to float32, then msprobe's shared
// real-data kernel (npy_compare.py: ValidateTensor.check_tensor and
// compare_ops_apply) with August's rules: shape checked before the 0-d case,
// the relative error in the compute type. Each cell is str() of the value;
// msprobe's "Nan" and every cell of a pair that fails a check read "N/A".
#include <array>
#include <string>

#include "common/thread_pool.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe::atb {

// Cosine, Euc Distance, Max Absolute Err, Max Relative Err, One Thousandth Err
// Ratio, Five Thousandth Err Ratio. A large pair's chunks run on `pool`.
std::array<std::string, 6> pair_metrics(const tensor::TensorView& target, const tensor::TensorView& golden,
                                        ThreadPool& pool);

}  // namespace msprobe::atb
