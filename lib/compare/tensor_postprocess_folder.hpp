#pragma once
// A run's folder of tensor post-processing yamls, read when a real-data table
// first needs it and then kept for the rest of the run: statistics and md5
// compares never read it (nor print its lines), as msprobe builds its manager
// only for a real-data compare.
#include <filesystem>
#include <mutex>

#include "compare/tensor_postprocess.hpp"

namespace msprobe::compare {

class TensorPostprocessFolder {
public:
    explicit TensorPostprocessFolder(std::filesystem::path dir) : dir_(std::move(dir)) {}

    // Loaded on the first call, from any thread; the same configurations after.
    const TensorPostprocess& configurations() const;

private:
    std::filesystem::path dir_;
    mutable std::once_flag loading_;
    mutable TensorPostprocess loaded_;
};

}  // namespace msprobe::compare
