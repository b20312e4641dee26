#pragma once
// Where a run's tensor post-processing yamls are: the folder
// MSPROBE_TENSOR_POSTPROCESS_DIR names, or else the one installed beside the
// binary, <prefix>/share/msprobe/tensor_postprocess (docs/tensor_postprocess.md).
#include <memory>

#include "compare/tensor_postprocess.hpp"

namespace msprobe::cli {

inline constexpr const char* kTensorPostprocessVariable = "MSPROBE_TENSOR_POSTPROCESS_DIR";

// The configurations loaded (their log lines written), or null when none names
// an entry, so that a run without one looks at no tensor. Throws
// msprobe::Error when the variable names something that is not a folder.
std::shared_ptr<const compare::TensorPostprocess> load_tensor_postprocess();

}  // namespace msprobe::cli
