#include "compare/tensor_postprocess_folder.hpp"

namespace msprobe::compare {

const TensorPostprocess& TensorPostprocessFolder::configurations() const {
    std::call_once(loading_, [this] { loaded_ = TensorPostprocess::load(dir_); });
    return loaded_;
}

}  // namespace msprobe::compare
