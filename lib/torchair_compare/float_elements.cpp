#include "torchair_compare/float_elements.hpp"

#include <cstdint>
#include <cstring>

#include "metrics/scalar_reference.hpp"
#include "tensor/strided.hpp"

namespace msprobe::torchair_compare {

std::vector<float> float_elements(const tensor::TensorView& view) {
    std::vector<float> values;
    values.reserve(static_cast<std::size_t>(view.numel()));
    const tensor::DType dtype = view.dtype;
    tensor::for_each_element(view, [&](const std::byte* element) {
        if (dtype == tensor::DType::Int64) {
            // Through a double, a large int64 would be rounded twice.
            std::int64_t value = 0;
            std::memcpy(&value, element, sizeof value);
            values.push_back(static_cast<float>(value));
        } else {
            values.push_back(static_cast<float>(metrics::read_element_as_double(element, dtype)));
        }
    });
    return values;
}

}  // namespace msprobe::torchair_compare
