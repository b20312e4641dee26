#include "kernel_dump_compare/tensor_alignment.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "common/error.hpp"
#include "kernel_dump_compare/compare_failure.hpp"
#include "kernel_dump_compare/float_array.hpp"
#include "kernel_dump_compare/format_converters.hpp"
#include "tensor/ascend_format.hpp"

namespace msprobe::kernel_dump_compare {

namespace {

using tensor::AscendFormat;
using Shape = std::vector<std::int64_t>;

Float32Values stored_values(const DumpTensor& t) {
    if (t.error) throw CompareFailure(FailureCode::InvalidShapeData, *t.error);
    return float32_view(t.values);
}

std::string cannot_compare(const std::string& op_name, const std::string& left, const std::string& right) {
    const std::string prefix = op_name.empty() ? "" : "[" + op_name + "] ";
    return fmt::format(
        "{}Due to the different shapes on the left and right,the left dump data{} can not be compared "
        "to the right dump data{}. Please check the batch of the dump data or the shape may be changed "
        "due to optimization.",
        prefix, left, right);
}

// utils.get_shape_type: a shape whose dims add up to its length counts as a scalar.
bool is_scalar_shape(const Shape& shape) {
    return std::accumulate(shape.begin(), shape.end(), std::int64_t{0}) == static_cast<std::int64_t>(shape.size());
}

Shape padded_to(const Shape& shape, std::size_t length) {
    Shape padded = shape;
    while (padded.size() < length) padded.push_back(1);
    return padded;
}

Shape without_ones(const Shape& shape, bool& all_ones) {
    Shape kept;
    for (const auto d : shape) {
        if (d != 1) kept.push_back(d);
    }
    all_ones = kept.empty();
    return all_ones ? shape : kept;
}

void check_same_shape(const Shape& mine, const Shape& golden, const std::string& op_name) {
    if (mine != golden)
        throw CompareFailure(FailureCode::InvalidShape, cannot_compare(op_name, shape_text(mine), shape_text(golden)));
}

// TensorConversion.slice_data: crop the NPU array to the golden shape where it is larger.
FloatArray sliced(FloatArray mine, const Shape& golden_shape, const std::string& op_name) {
    if (mine.shape.size() < golden_shape.size()) {
        bool mine_ones = false, golden_ones = false;
        const Shape m = without_ones(mine.shape, mine_ones);
        const Shape g = without_ones(golden_shape, golden_ones);
        if (!(mine_ones && golden_ones)) check_same_shape(m, g, op_name);
        return mine;
    }
    const Shape my_shape = padded_to(mine.shape, 4);
    const Shape slice_shape = padded_to(golden_shape, my_shape.size());
    const std::int64_t ones = std::count(mine.shape.begin(), mine.shape.end(), 1);
    if (element_count_of(slice_shape) == element_count_of(my_shape) &&
        (ones == static_cast<std::int64_t>(mine.shape.size()) ||
         ones == static_cast<std::int64_t>(mine.shape.size()) - 1)) {
        return mine;
    }
    bool slice = false;
    for (std::size_t i = 0; i < my_shape.size() && i < slice_shape.size(); ++i) {
        if (my_shape[i] < slice_shape[i]) {
            throw CompareFailure(
                FailureCode::InvalidShape,
                op_name.empty() ? "" : cannot_compare(op_name, shape_text(my_shape), shape_text(slice_shape)));
        }
        if (my_shape[i] > slice_shape[i]) {
            slice = true;
            break;
        }
    }
    if (!slice) return mine;
    mine.shape = my_shape;
    if (my_shape.size() == 4 || my_shape.size() == 5) return cropped(mine, slice_shape);
    return mine;
}

// TensorConversion._get_ground_truth_format: the rule's format, NCHW and NHWC swapped when the golden array
// holds the other order.
AscendFormat golden_format(GoldenSide& golden) {
    static const std::vector<std::string> plain = {"NCHW", "NHWC"};
    AscendFormat format{};
    try {
        format = tensor::parse_format(golden.format, "");
    } catch (const Error&) {
        throw CompareFailure(FailureCode::InvalidFormat,
                             fmt::format("The format \" {} \" is not supported.", golden.format));
    }
    const Shape& stored = golden.tensor->shape;
    if ((golden.format == "NHWC" || golden.format == "NCHW") && golden.shape.size() == 4 && stored.size() == 4 &&
        golden.shape != stored) {
        const Shape& s = golden.shape;
        std::string name = golden.format;
        if (name == "NHWC" && s[0] == stored[0] && s[1] == stored[2] && s[2] == stored[3] && s[3] == stored[1]) {
            name = "NCHW";
        }
        if (name == "NCHW" && s[0] == stored[0] && s[1] == stored[3] && s[2] == stored[1] && s[3] == stored[2]) {
            name = "NHWC";
        }
        format = name == "NCHW" ? AscendFormat::NCHW : AscendFormat::NHWC;
    }
    return format;
}

// ShapeConversion.convert_shape on the NPU array.
FloatArray converted(const DumpTensor& mine, AscendFormat to, const Shape& golden_shape, std::vector<float> values,
                     const std::string& op_name) {
    const AscendFormat from = mine.format;
    const auto reshaped = [&](std::vector<float> v) {
        if (static_cast<std::int64_t>(v.size()) != element_count_of(mine.shape)) {
            throw CompareFailure(FailureCode::InvalidShapeData, "");
        }
        return FloatArray{mine.shape, std::move(v)};
    };
    if (from == AscendFormat::ND) return reshaped(std::move(values));
    if ((from == AscendFormat::NCHW || from == AscendFormat::HWCN || from == AscendFormat::NHWC) &&
        mine.shape.size() != 4) {
        return reshaped(std::move(values));
    }
    if (from == to) return reshaped(std::move(values));
    if (from == AscendFormat::FRACTAL_NZ && to == AscendFormat::ND && golden_shape.size() > 2 &&
        mine.shape.size() >= 4) {
        const std::int64_t h = element_count_of(std::span(golden_shape).first(golden_shape.size() - 2));
        const auto& s = mine.shape;
        const std::int64_t expected = h * s[s.size() - 4] * s[s.size() - 3] * s[s.size() - 2] * s[s.size() - 1];
        if (static_cast<std::int64_t>(values.size()) != expected) return reshaped(std::move(values));
    }
    try {
        auto result = convert_format(from, to, mine.shape, golden_shape, std::move(values), op_name);
        if (!result) throw CompareFailure(FailureCode::InvalidFormat, "");
        return std::move(*result);
    } catch (const Error&) {
        throw CompareFailure(FailureCode::InvalidFormat, "");
    }
}

}  // namespace

std::string shape_text(const Shape& shape) { return fmt::format("({})", fmt::join(shape, ", ")); }

Float32Values restored_values(const DumpTensor& t, const std::string& what) {
    Float32Values values = stored_values(t);
    AscendFormat real = t.format;
    if ((real == AscendFormat::HWCN || real == AscendFormat::NCHW || real == AscendFormat::NHWC) &&
        t.shape.size() != 4) {
        real = AscendFormat::ND;
    }
    const std::size_t rank = t.original_shape.size();
    const AscendFormat to = rank == 4 ? AscendFormat::NCHW : (rank == 3 || rank == 2) ? AscendFormat::ND : real;
    if (real == to || !has_converter(real, to)) return values;
    std::optional<FloatArray> conversion;
    try {
        conversion =
            convert_format(real, to, t.shape, t.original_shape, {values.values.begin(), values.values.end()}, what);
    } catch (const Error&) {
        return values;
    }
    if (!conversion) return values;
    if (rank > 0) {
        try {
            return Float32Values::owning(sliced(std::move(*conversion), t.original_shape, "").values);
        } catch (const CompareFailure&) {
            return Float32Values::owning(std::move(conversion->values));
        }
    }
    return Float32Values::owning(std::move(conversion->values));
}

AlignedPair align_with_golden(const DumpTensor& mine, GoldenSide golden, bool quant_vs_origin,
                              const std::string& op_name) {
    AscendFormat origin = mine.format;
    if (!golden.format.empty()) origin = golden_format(golden);
    AlignedPair pair;
    pair.both_bool = mine.is_bool() && golden.tensor->is_bool();
    Float32Values my_values = stored_values(mine);
    Float32Values golden_values = stored_values(*golden.tensor);
    if (quant_vs_origin) {
        check_same_shape(mine.shape, golden.tensor->shape, op_name);
        pair.mine = std::move(my_values);
        pair.golden = std::move(golden_values);
        pair.shape = mine.shape;
        return pair;
    }
    const bool is_tensor = !is_scalar_shape(mine.shape);
    const bool unconverted = (origin == AscendFormat::ND && mine.format != AscendFormat::FRACTAL_NZ &&
                              mine.format != AscendFormat::NDC1HWC0) ||
                             !is_tensor;
    const std::size_t golden_count = golden_values.values.size();
    if (unconverted && mine.format == AscendFormat::ND && my_values.values.size() == golden_count) {
        // Flattened as stored and nothing to cut: compared where they lie.
        pair.shape = {static_cast<std::int64_t>(my_values.values.size())};
        pair.mine = std::move(my_values);
        pair.golden = std::move(golden_values);
        return pair;
    }
    FloatArray my_array;
    if (unconverted) {
        const auto count = static_cast<std::int64_t>(my_values.values.size());
        my_array = FloatArray{{count}, std::move(my_values).take()};
    } else {
        my_array = converted(mine, origin, golden.shape, std::move(my_values).take(), op_name);
    }
    const Shape& golden_shape = golden.tensor->shape;
    if (mine.format != AscendFormat::ND || (is_tensor && my_array.values.size() != golden_count)) {
        my_array = sliced(std::move(my_array), golden_shape, op_name);
    }
    if (my_array.values.size() != golden_count) {
        throw CompareFailure(
            FailureCode::InvalidShape,
            cannot_compare(op_name, fmt::format("({})", my_array.values.size()), fmt::format("({})", golden_count)));
    }
    pair.mine = Float32Values::owning(std::move(my_array.values));
    pair.golden = std::move(golden_values);
    pair.shape = my_array.shape;
    return pair;
}

}  // namespace msprobe::kernel_dump_compare
