#include "precision/output_compare.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "common/python_text.hpp"
#include "precision/api_name.hpp"
#include "precision/numpy_float.hpp"
#include "precision/standards.hpp"

namespace msprobe::precision {

namespace {

constexpr double kFloat64Eps = 2.220446049250313e-16;

std::string shape_tuple(const std::vector<std::int64_t>& shape) {
    std::vector<std::string> dims;
    for (auto d : shape) dims.push_back(std::to_string(d));
    return py::tuple_text(dims);
}

std::string torch_size_text(const std::vector<std::int64_t>& shape) {
    std::vector<std::string> dims;
    for (auto d : shape) dims.push_back(std::to_string(d));
    return "torch.Size(" + py::list_text(dims) + ")";
}

std::string python_class(OutputValue::Kind kind) {
    switch (kind) {
        case OutputValue::Kind::Bool: return "<class 'bool'>";
        case OutputValue::Kind::Int: return "<class 'int'>";
        case OutputValue::Kind::Float: return "<class 'float'>";
        case OutputValue::Kind::Str: return "<class 'str'>";
        case OutputValue::Kind::Sequence: return "<class 'tuple'>";
        case OutputValue::Kind::Dict: return "<class 'dict'>";
        case OutputValue::Kind::Tensor: return "<class 'torch.Tensor'>";
        case OutputValue::Kind::None: return "<class 'NoneType'>";
        case OutputValue::Kind::Other: return "<class 'object'>";
    }
    return "<class 'object'>";
}

// isinstance(bench, type(device)); bool is an int.
bool same_python_type(const OutputValue& b, const OutputValue& d) {
    if (b.kind == d.kind) return true;
    return b.kind == OutputValue::Kind::Bool && d.kind == OutputValue::Kind::Int;
}

// After the bfloat16 widening, the NumPy dtype groups that may be compared.
int comparable_group(tensor::DType dtype) {
    switch (dtype) {
        case tensor::DType::Float16:
        case tensor::DType::Float32:
        case tensor::DType::Float64: return 1;
        case tensor::DType::Bool:
        case tensor::DType::UInt8: return 2;
        case tensor::DType::Int32:
        case tensor::DType::Int64: return 3;
        default: return 0;
    }
}

std::vector<double> to_float32(const std::vector<double>& values) {
    std::vector<double> out(values.size());
    std::transform(values.begin(), values.end(), out.begin(), [](double v) { return round_to(Fp::F32, v); });
    return out;
}

void compare_float_tensor(std::string_view api_name, const std::vector<double>& bench, tensor::DType bench_np,
                          const std::vector<double>& device, tensor::DType device_np, tensor::DType device_dtype,
                          DetailRow& row) {
    const FloatPair pair{bench, fp_of(bench_np), device, fp_of(device_np), device_dtype};
    const Fp wide = wider(pair.bench_fp, pair.device_fp);
    std::string message;
    if (device_dtype == tensor::DType::Float16 || device_dtype == tensor::DType::BFloat16 ||
        device_dtype == tensor::DType::Float32) {
        apply_standard(select_standard(api_name, torch_name(device_dtype), "torch.float32"), pair, row);
    } else {
        message +=
            fmt::format("The data type {} is not supported for new precision standard.", torch_name(device_dtype));
    }

    const auto cosine = cosine_similarity(bench, device);
    row.at(Metric::Cosine) = cosine.value;
    message += cosine.message + "\n";
    if (!cosine.passed) {
        row.status = kError;
        row.message =
            message + "Cosine similarity is less than 0.99, consider as error, skip other check and set to SPACE.\n";
        return;
    }

    std::vector<double> abs_err(device.size());
    absolute_errors(pair, abs_err);
    double max_abs = -std::numeric_limits<double>::infinity();
    for (double e : abs_err) max_abs = std::isnan(e) || std::isnan(max_abs) ? std::nan("") : std::max(max_abs, e);
    row.at(Metric::MaxAbsErr) = wide == Fp::F64 ? MetricValue::f64(max_abs)
                                : wide == Fp::F32 ? MetricValue::f32(max_abs)
                                                  : MetricValue::f16(max_abs);
    if (max_abs < 0.001) {
        row.status = kPass;
        row.message =
            message + "Max abs error is less than 0.001, consider as pass, skip other check and set to SPACE.\n";
        return;
    }

    std::vector<double> rel(device.size());
    relative_errors(pair, rel);
    const bool half = device_dtype == tensor::DType::Float16 || device_dtype == tensor::DType::BFloat16;
    if (half) {
        const auto hundredth = rel_err_ratio(rel, wide, 0.01);
        row.at(Metric::Hundredth) = hundredth.value;
        if (!hundredth.passed) {
            row.status = kError;
            row.message =
                message +
                "Relative error is greater than 0.01, consider as error, skip other check and set to SPACE.\n";
            return;
        }
    }
    const auto thousandth = rel_err_ratio(rel, wide, 0.001);
    row.at(Metric::Thousandth) = thousandth.value;
    if (half) {
        if (thousandth.passed) {
            row.status = kPass;
            row.message =
                message + "Relative error is less than 0.001, consider as pass, skip other check and set to SPACE.\n";
        } else {
            row.status = kWarning;
            row.message =
                message +
                "Relative error is greater than 0.001, consider as warning, skip other check and set to SPACE.\n";
        }
        return;
    }
    const auto ten_thousandth = rel_err_ratio(rel, wide, 0.0001);
    row.at(Metric::TenThousandth) = ten_thousandth.value;
    row.status = kPass;
    row.message = message;
    if (!thousandth.passed) {
        row.status = kError;
        row.message += "Relative error is greater than 0.001, consider as error, skip other check and set to SPACE.\n";
    } else if (!ten_thousandth.passed) {
        row.status = kWarning;
        row.message +=
            "Relative error is greater than 0.0001, consider as warning, skip other check and set to SPACE.\n";
    } else {
        row.message += "Relative error is less than 0.0001, consider as pass.\n";
    }
}

void compare_tensor(std::string_view api_name, const TensorData& b, const TensorData& d, DetailRow& row) {
    row.bench_dtype = torch_name(b.dtype);
    row.device_dtype = torch_name(d.dtype);
    row.shape = shape_tuple(d.shape);
    const bool widen = d.dtype == tensor::DType::BFloat16;
    const tensor::DType bench_np = widen ? tensor::DType::Float32 : b.dtype;
    const tensor::DType device_np = widen ? tensor::DType::Float32 : d.dtype;
    if (b.shape != d.shape) {
        row.status = kError;
        row.message = fmt::format("The shape of bench{} and npu{} not equal.", torch_size_text(b.shape),
                                  torch_size_text(d.shape));
        return;
    }
    const int group = comparable_group(bench_np);
    if (group == 0 || group != comparable_group(device_np)) {
        row.status = kError;
        row.message = fmt::format("Bench out dtype is {} but npu output dtype is {}, cannot compare.",
                                  numpy_name(bench_np), numpy_name(device_np));
        return;
    }
    if (b.values.empty()) {
        row.status = kError;
        row.message = "There is not bench calculation result.";
        return;
    }
    if (group != 1) {
        std::int64_t diff = 0;
        for (std::size_t i = 0; i < b.values.size(); ++i) {
            if (b.values[i] != d.values[i]) ++diff;
        }
        const double rate = static_cast<double>(diff) / static_cast<double>(b.values.size());
        row.at(Metric::BinaryErrorRate) = MetricValue::f64(rate);
        row.status = diff == 0 ? kPass : kError;
        row.message = fmt::format("Compare algorithm is not supported for {} data. Only judged by Error Rate.\n",
                                  numpy_name(bench_np));
        return;
    }
    if (widen) {
        compare_float_tensor(api_name, to_float32(b.values), bench_np, to_float32(d.values), device_np, d.dtype, row);
    } else {
        compare_float_tensor(api_name, b.values, bench_np, d.values, device_np, d.dtype, row);
    }
}

DetailRow error_row(std::string message) {
    DetailRow row;
    row.status = kError;
    row.message = std::move(message);
    return row;
}

// The structural walk over one side of an API (forward outputs or gradients): one row per bench item.
std::string compare_structure(const std::string& prefix, const OutputValue& bench, const OutputValue& device,
                              std::string_view api_name, std::vector<DetailRow>& rows) {
    if (bench.kind != OutputValue::Kind::Sequence) {
        DetailRow row = compare_element(bench, device, api_name);
        row.api_name = prefix + "0";
        rows.push_back(std::move(row));
        return aggregate_status({rows.back().status});  // msprobe's: a SKIP row leaves the side at pass
    }
    const std::vector<OutputValue>& device_items = device.items;
    if (device.kind != OutputValue::Kind::Sequence || bench.items.size() > device_items.size()) {
        // The reference means this row but crashes before writing it (docs/compatibility.md).
        DetailRow row = error_row("bench and npu output structure is different.");
        row.api_name = prefix + "0";
        rows.push_back(std::move(row));
        return kError;
    }
    std::vector<std::string> statuses;
    for (std::size_t i = 0; i < bench.items.size(); ++i) {
        DetailRow row = compare_element(bench.items[i], device_items[i], api_name);
        row.api_name = prefix + std::to_string(i);
        statuses.push_back(row.status);
        rows.push_back(std::move(row));
    }
    return aggregate_status(statuses);
}

std::string short_api_name(const std::string& full_name) {
    const auto parts = split_api_full_name(full_name);
    return parts ? parts->api_name : std::string();
}

}  // namespace

CosineResult cosine_similarity(const std::vector<double>& bench, const std::vector<double>& device) {
    CosineResult r;
    if (bench.size() != device.size()) {
        r.value = MetricValue::integer(-1);
        r.message = fmt::format("Shape of device and bench outputs don't match. device: ({},), bench: ({},).",
                                device.size(), bench.size());
        return r;
    }
    if (device.size() == 1) {
        r.passed = true;
        r.message = "All the data in device dump data is scalar. Please refer to other compare algorithms.";
        return r;
    }
    auto max_abs = [](const std::vector<double>& v) {
        double m = 0.0;
        for (double x : v) {
            if (std::isnan(x)) return std::nan("");
            m = std::max(m, std::fabs(x));
        }
        return m;
    };
    const double nm = max_abs(device);
    const double bm = max_abs(bench);
    if (nm <= kFloat64Eps && bm <= kFloat64Eps) {
        r.passed = true;
        r.message = "All the data in device and bench outputs are zero.";
        return r;
    }
    if (nm <= kFloat64Eps) {
        r.message = "All the data is zero in device dump data.";
        return r;
    }
    if (bm <= kFloat64Eps) {
        r.message = "All the data is zero in bench dump data.";
        return r;
    }
    double dot = 0.0, nn = 0.0, bb = 0.0;
    for (std::size_t i = 0; i < device.size(); ++i) {
        const double n = device[i] / nm;
        const double b = bench[i] / bm;
        dot += n * b;
        nn += n * n;
        bb += b * b;
    }
    double cos = dot / (std::sqrt(nn) * std::sqrt(bb));
    if (std::isnan(cos)) {
        r.message = "Dump data has NaN when comparing with Cosine Similarity.";
        r.value = MetricValue::f64(cos);
        return r;
    }
    cos = std::clamp(cos, -1.0, 1.0);
    r.value = MetricValue::f64(cos);
    r.passed = cos > 0.99;
    return r;
}

DetailRow compare_element(const OutputValue& bench, const OutputValue& device, std::string_view api_name) {
    using Kind = OutputValue::Kind;
    DetailRow row;
    if (bench.kind == Kind::None) {
        row.status = kSkip;
        row.message = "Bench output is None, skip this test.";
        return row;
    }
    if (!same_python_type(bench, device)) return error_row("bench and npu output type is different.");
    switch (bench.kind) {
        case Kind::Dict:
            if (bench.keys != device.keys) return error_row("bench and npu output dict keys are different.");
            return error_row("Unexpected output type in compare_core: <class 'list'>");
        case Kind::Tensor: compare_tensor(api_name, bench.tensor, device.tensor, row); return row;
        case Kind::Bool:
        case Kind::Int:
        case Kind::Float:
        case Kind::Str: {
            row.bench_dtype = python_class(bench.kind);
            row.device_dtype = python_class(device.kind);
            const bool equal = bench.kind == Kind::Str ? bench.text == device.text : bench.number == device.number;
            row.status = equal ? kPass : kError;
            if (equal) row.at(Metric::BinaryErrorRate) = MetricValue::integer(0);
            return row;
        }
        default: return error_row("Unexpected output type in compare_core: " + python_class(bench.kind));
    }
}

std::string dropout_status(const OutputValue& bench, const OutputValue& device) {
    if (bench.kind != OutputValue::Kind::Tensor || device.kind != OutputValue::Kind::Tensor) return kError;
    const auto n = bench.tensor.values.size();
    if (n < 100) return kPass;
    auto zeros = [](const std::vector<double>& v) { return std::count(v.begin(), v.end(), 0.0); };
    const auto diff = std::llabs(static_cast<long long>(zeros(bench.tensor.values) - zeros(device.tensor.values)));
    return static_cast<double>(diff) / static_cast<double>(n) < 0.1 ? kPass : kError;
}

std::string aggregate_status(const std::vector<std::string>& statuses) {
    std::string result = kPass;
    for (const auto& s : statuses) {
        if (s == kError) return kError;
        if (s == kWarning) result = kWarning;
    }
    return result;
}

std::optional<std::string> ApiComparison::result_message() const {
    auto first_message = [this](const std::string& direction) -> std::string {
        const std::string marker = "." + direction + ".";
        for (const auto& r : rows) {
            if (r.api_name.find(marker) != std::string::npos) return r.message;
        }
        return "";
    };
    if (forward_status == kSkip) return first_message("forward");
    if (backward_status == kSkip) return first_message("backward");
    return std::nullopt;
}

ApiComparison compare_api(const ApiOutputs& outputs) {
    ApiComparison result;
    result.full_name = outputs.full_name;
    const std::string api_name = short_api_name(outputs.full_name);
    const bool dropout = outputs.full_name.find("dropout") != std::string::npos;
    if (dropout) {
        result.forward_status = dropout_status(outputs.bench_forward, outputs.device_forward);
    } else {
        result.forward_status = compare_structure(outputs.full_name + ".forward.output.", outputs.bench_forward,
                                                  outputs.device_forward, api_name, result.rows);
    }
    if (!outputs.backward_message.empty()) {
        DetailRow row;
        row.api_name = outputs.full_name + ".backward.output.0";
        row.status = kSkip;
        row.message = outputs.backward_message;
        result.rows.push_back(std::move(row));
        result.backward_status = kSkip;
    } else if (!outputs.bench_grads.empty() && !outputs.device_grads.empty()) {
        if (dropout) {
            result.backward_status = dropout_status(outputs.bench_grads.front(), outputs.device_grads.front());
        } else {
            result.backward_status = compare_structure(
                outputs.full_name + ".backward.output.", OutputValue::sequence(outputs.bench_grads),
                OutputValue::sequence(outputs.device_grads), api_name, result.rows);
        }
    }
    return result;
}

void skip_sides_that_compared_nothing(ApiComparison& api) {
    auto compared_nothing = [&api](const std::string& direction) {
        const std::string marker = "." + direction + ".";
        bool any = false;
        for (const auto& r : api.rows) {
            if (r.api_name.find(marker) == std::string::npos) continue;
            if (r.status != kSkip) return false;
            any = true;
        }
        return any;
    };
    if (api.forward_status == kPass && compared_nothing("forward")) api.forward_status = kSkip;
    if (api.backward_status == kPass && compared_nothing("backward")) api.backward_status = kSkip;
}

ApiComparison skipped_api(const std::string& full_name, const std::string& message) {
    ApiComparison result;
    result.full_name = full_name;
    result.forward_status = kSkip;
    result.backward_status = kSkip;
    DetailRow row;
    row.api_name = full_name + ".forward.output.0";
    row.status = kSkip;
    row.message = message;
    result.rows.push_back(std::move(row));
    return result;
}

}  // namespace msprobe::precision
