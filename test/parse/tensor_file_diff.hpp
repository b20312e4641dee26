#pragma once
// The diff of two tensor files, as `parse A B` computes it.
#include <filesystem>

#include "parse/tensor_diff.hpp"
#include "support/loaded_tensor.hpp"

namespace msprobe::testing {

inline parse::TensorDiff diff_tensor_files(const std::filesystem::path& left, const std::filesystem::path& right,
                                           const parse::DiffOptions& options = {}) {
    const LoadedTensor l = load_tensor_values(left);
    const LoadedTensor r = load_tensor_values(right);
    return parse::diff_tensors(l.view, l.values, r.view, r.values, options);
}

}  // namespace msprobe::testing
