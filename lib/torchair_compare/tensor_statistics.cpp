#include "torchair_compare/tensor_statistics.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "common/python_text.hpp"

namespace msprobe::torchair_compare {

TensorStatistics tensor_statistics(const tensor::TensorView& view, std::span<const float> values) {
    TensorStatistics stats;
    stats.dtype = std::string(tensor::torch_name(view.dtype));
    std::vector<std::string> dims;
    for (const auto dim : view.shape) dims.push_back(std::to_string(dim));
    stats.shape = py::list_text(dims);
    if (std::find(view.shape.begin(), view.shape.end(), 0) != view.shape.end()) return stats;
    float max = values.front();
    float min = values.front();
    double sum = 0;
    for (const float v : values) {
        if (std::isnan(v) || std::isnan(max)) {
            max = min = std::nanf("");
        } else {
            max = std::max(max, v);
            min = std::min(min, v);
        }
        sum += v;
    }
    stats.max = max;
    stats.min = min;
    stats.mean = static_cast<float>(sum) / static_cast<float>(values.size());
    return stats;
}

}  // namespace msprobe::torchair_compare
