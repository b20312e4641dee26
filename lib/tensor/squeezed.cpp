#include "tensor/squeezed.hpp"

namespace msprobe::tensor {

TensorView squeezed(const TensorView& view) {
    TensorView result = view;
    result.shape.clear();
    result.strides.clear();
    for (std::size_t d = 0; d < view.shape.size(); ++d) {
        if (view.shape[d] == 1) continue;
        result.shape.push_back(view.shape[d]);
        result.strides.push_back(view.strides[d]);
    }
    return result;
}

}  // namespace msprobe::tensor
