#pragma once
// A tensor file read as the parse tool reads it: the view, and every element
// as a double (tensor_summary.hpp).
#include <filesystem>
#include <vector>

#include "tensor/tensor_file.hpp"
#include "tensor/tensor_summary.hpp"

namespace msprobe::testing {

struct LoadedTensor {
    tensor::TensorView view;
    std::vector<double> values;
};

inline LoadedTensor load_tensor_values(const std::filesystem::path& path) {
    LoadedTensor loaded;
    loaded.view = tensor::read_tensor_file(path);
    loaded.values = tensor::tensor_values(loaded.view, path.string());
    return loaded;
}

}  // namespace msprobe::testing
