#include "atb_compare/tensor_statistics.hpp"

#include <cmath>
#include <cstring>
#include <limits>

#include "atb_compare/statistic_csv.hpp"
#include "common/python_text.hpp"
#include "tensor/half.hpp"
#include "tensor/strided.hpp"

namespace msprobe::atb {

namespace {

using tensor::DType;

// The type torch reduces in: float16 and bfloat16 stay themselves, every other dtype becomes float32 (.float()).
double rounded_to(DType computed, double value) {
    const auto single = static_cast<float>(value);
    switch (computed) {
        case DType::Float16: return tensor::half_to_float(tensor::float_to_half(single));
        case DType::BFloat16: return tensor::bfloat16_to_float(tensor::float_to_bfloat16(single));
        default: return single;
    }
}

double element_value(DType dtype, const std::byte* element) {
    const auto load = [element]<class T>(T) {
        T value;
        std::memcpy(&value, element, sizeof value);
        return value;
    };
    switch (dtype) {
        case DType::Float32: return load(float{});
        case DType::Float16: return tensor::half_to_float(load(std::uint16_t{}));
        case DType::BFloat16: return tensor::bfloat16_to_float(load(std::uint16_t{}));
        case DType::Int8: return static_cast<float>(load(std::int8_t{}));
        case DType::Int32: return static_cast<float>(load(std::int32_t{}));
        case DType::Int64: return static_cast<float>(load(std::int64_t{}));
        default: return std::numeric_limits<double>::quiet_NaN();
    }
}

std::string value_text(double value) { return std::isnan(value) ? std::string(kNotApplicable) : py::float_repr(value); }

std::string torch_bool_text(bool value) { return value ? "tensor(True)" : "tensor(False)"; }

}  // namespace

std::array<std::string, 4> tensor_statistics(const AtbTensorFile& file) {
    const std::string none(kNotApplicable);
    std::array<std::string, 4> texts{none, none, none, none};
    const tensor::TensorView& view = file.view;
    if (!file.readable() || view.shape.empty() || view.numel() == 0) return texts;
    if (view.dtype == DType::Bool) {
        bool any = false, all = true;
        tensor::for_each_element(view, [&](const std::byte* element) {
            const bool set = std::to_integer<int>(*element) != 0;
            any = any || set;
            all = all && set;
        });
        texts[0] = torch_bool_text(any);
        texts[1] = torch_bool_text(all);
        return texts;
    }
    const DType computed = view.dtype == DType::Float16 || view.dtype == DType::BFloat16 ? view.dtype : DType::Float32;
    double max = -std::numeric_limits<double>::infinity();
    double min = std::numeric_limits<double>::infinity();
    double sum = 0, squares = 0;
    bool nan = false;
    tensor::for_each_element(view, [&](const std::byte* element) {
        const double x = element_value(view.dtype, element);
        nan = nan || std::isnan(x);
        max = std::max(max, x);
        min = std::min(min, x);
        sum += x;
        squares += x * x;
    });
    const auto count = static_cast<float>(view.numel());
    // torch's mean: the sum in the tensor's type, divided by the count in float32 arithmetic.
    const double mean = rounded_to(computed, static_cast<float>(rounded_to(computed, sum)) / count);
    const double norm = rounded_to(computed, std::sqrt(static_cast<float>(squares)));
    texts[0] = value_text(nan ? std::numeric_limits<double>::quiet_NaN() : max);
    texts[1] = value_text(nan ? std::numeric_limits<double>::quiet_NaN() : min);
    texts[2] = value_text(mean);
    texts[3] = value_text(norm);
    return texts;
}

}  // namespace msprobe::atb
