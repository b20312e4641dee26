#pragma once
// Where a run's tensor post-processing yamls are: the folder
// MSPROBE_TENSOR_POSTPROCESS_DIR names, or else the one installed beside the
// binary, <prefix>/share/msprobe/tensor_postprocess (docs/tensor_postprocess.md).
#include <memory>

#include "compare/tensor_postprocess_folder.hpp"

namespace msprobe::cli {

inline constexpr const char* kTensorPostprocessVariable = "MSPROBE_TENSOR_POSTPROCESS_DIR";

// The folder, read when a real-data compare first needs it; null when there is
// none (a build tree). Throws msprobe::Error when the variable names something
// that is not a folder.
std::shared_ptr<const compare::TensorPostprocessFolder> tensor_postprocess_folder();

}  // namespace msprobe::cli
