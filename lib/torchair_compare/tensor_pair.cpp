#include "torchair_compare/tensor_pair.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "torchair_compare/float_elements.hpp"

namespace msprobe::torchair_compare {

TensorPairCells compare_tensor_pair(const tensor::TensorView& golden, const tensor::TensorView& my) {
    const std::vector<float> golden_values = float_elements(golden);
    const std::vector<float> my_values = float_elements(my);
    TensorPairCells cells;
    cells.golden = tensor_statistics(golden, golden_values);
    cells.my = tensor_statistics(my, my_values);
    const auto finite = [](const std::vector<float>& v) {
        return std::all_of(v.begin(), v.end(), [](float x) { return std::isfinite(x); });
    };
    std::vector<std::string> reasons;
    if (golden_values.size() != my_values.size()) reasons.emplace_back(kShapeMismatch);
    if (!finite(golden_values)) reasons.emplace_back("golden_data includes NAN or inf.");
    if (!finite(my_values)) reasons.emplace_back("my_data includes NAN or inf.");
    for (const auto& reason : reasons) cells.reason += (cells.reason.empty() ? "" : " ") + reason;
    if (reasons.empty() && !golden_values.empty() && !my_values.empty()) {
        cells.metrics = torchair_metrics(golden_values, my_values);
    }
    return cells;
}

}  // namespace msprobe::torchair_compare
