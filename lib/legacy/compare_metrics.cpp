#include "legacy/compare_metrics.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <optional>
#include <tuple>
#include <vector>

#include "common/python_text.hpp"
#include "tensor/tensor_file.hpp"

namespace msprobe::legacy {

namespace {

constexpr double kEpsilon = std::numeric_limits<double>::epsilon();  // np.finfo(float).eps
constexpr const char* kNan = "Nan";
constexpr const char* kShapeUnmatched = "shape unmatched";
constexpr const char* kUnsupported = "unsupported";

// NumPy's max of |n - b|: NaN propagates.
double max_abs_difference(const std::vector<double>& n, const std::vector<double>& b) {
    double max = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < n.size(); ++i) {
        const double d = std::fabs(n[i] - b[i]);
        if (std::isnan(d)) return d;
        if (d > max) max = d;
    }
    return max;
}

// ptdbg's cosine_similarity on flattened float64 vectors (length > 1).
std::pair<std::string, std::string> cosine_similarity(const std::vector<double>& n, const std::vector<double>& b) {
    double dot = 0.0;
    double nn = 0.0;
    double bb = 0.0;
    for (std::size_t i = 0; i < n.size(); ++i) {
        dot += n[i] * b[i];
        nn += n[i] * n[i];
        bb += b[i] * b[i];
    }
    const double n_norm = std::sqrt(nn);
    const double b_norm = std::sqrt(bb);
    std::string result;
    std::string message;
    if (n_norm <= kEpsilon && b_norm <= kEpsilon) {
        result = "1.0";
    } else if (n_norm <= kEpsilon) {
        return {kNan, "Cannot compare by Cosine Similarity, All the data is Zero in npu dump data."};
    } else if (b_norm <= kEpsilon) {
        return {kNan, "Cannot compare by Cosine Similarity, All the data is Zero in Bench dump data."};
    } else {
        const double cosine = dot / (n_norm * b_norm);
        if (std::isnan(cosine)) return {kNan, "Cannot compare by Cosine Similarity, the dump data has NaN."};
        result = six_decimals(cosine);
    }
    // correct_data: anything above 0.99999 reads "1.0".
    if (const auto value = py::parse_float(result); value && *value > 0.99999) result = "1.0";
    return {result, message};
}

// Online dispatch (ptdbg 3.x) max relative error: eps added to both sides where the bench is 0.
std::string max_relative_error(std::vector<double> n, std::vector<double> b) {
    double max = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < n.size(); ++i) {
        if (b[i] == 0.0) {
            b[i] += kEpsilon;
            n[i] += kEpsilon;
        }
        const double r = std::fabs((n[i] - b[i]) / b[i]);
        if (std::isnan(r)) return kNan;
        if (r > max) max = r;
    }
    return six_decimals(max);
}

bool is_zero_dim(const tensor::TensorView& t) { return t.shape.empty(); }

// |n - b| of two 0-d arrays in their own type where that type is float32/float64.
double zero_dim_difference(const tensor::TensorView& npu, const tensor::TensorView& bench,
                           const std::vector<double>& n, const std::vector<double>& b) {
    if (npu.dtype == tensor::DType::Float32 && bench.dtype == tensor::DType::Float32) {
        return std::fabs(static_cast<double>(static_cast<float>(n[0]) - static_cast<float>(b[0])));
    }
    return max_abs_difference(std::vector<double>(b.size(), n[0]), b);
}

std::optional<std::string> common_accuracy(const std::string& cosine, const std::string& max_abs_err) {
    if (cosine == kShapeUnmatched) return "Unmatched";
    if (cosine == kNan || max_abs_err == kNan) return kNan;
    return std::nullopt;
}

}  // namespace

std::string six_decimals(double value) {
    if (std::isnan(value)) return "nan";
    if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
    return fmt::format("{:.6f}", value);
}

LegacyMetrics ptdbg_metrics(const tensor::TensorView& npu, const tensor::TensorView& bench) {
    const std::vector<double> n = tensor::to_double_vector(npu);
    const std::vector<double> b = tensor::to_double_vector(bench);
    if (is_zero_dim(npu)) {
        std::string cosine = "1";
        if (npu.dtype == tensor::DType::Bool && !b.empty()) {
            // 1 - (n ^ b) on numpy bools.
            cosine = ((n[0] != 0.0) != (b[0] != 0.0)) ? "0" : "1";
        }
        const double difference =
            b.empty() ? std::numeric_limits<double>::quiet_NaN() : zero_dim_difference(npu, bench, n, b);
        return {cosine, six_decimals(difference), "", "This is type of scalar data, can not compare."};
    }
    if (n.empty()) return {"1", "0", "", "This is empty data, can not compare."};
    if (npu.shape != bench.shape) {
        return {kShapeUnmatched, kShapeUnmatched, "", "Shape of NPU and bench Tensor do not match. Skipped."};
    }
    LegacyMetrics out;
    if (n.size() == 1) {
        out.cosine = six_decimals(1.0);
        out.message = "This tensor is scalar.";
    } else {
        std::tie(out.cosine, out.message) = cosine_similarity(n, b);
    }
    out.max_abs_err = six_decimals(max_abs_difference(n, b));
    return out;
}

std::string ptdbg_accuracy(const std::string& cosine, const std::string& max_abs_err) {
    if (auto fixed = common_accuracy(cosine, max_abs_err)) return *fixed;
    const auto c = py::parse_float(cosine);
    const auto m = py::parse_float(max_abs_err);
    if (!c || !m) return kNan;
    return (*c < 0.99 && *m > 0.001) ? "No" : "Yes";
}

LegacyMetrics dispatch_metrics(const tensor::TensorView& npu, const tensor::TensorView& cpu) {
    const std::vector<double> n = tensor::to_double_vector(npu);
    const std::vector<double> b = tensor::to_double_vector(cpu);
    if (n.empty() || b.empty()) return {kUnsupported, "0", "0", "This is empty data, can not compare."};
    if (npu.shape != cpu.shape) {
        return {kShapeUnmatched, kShapeUnmatched, kShapeUnmatched,
                "Shape of NPU and bench Tensor do not match. Skipped."};
    }
    LegacyMetrics out;
    out.max_abs_err = six_decimals(max_abs_difference(n, b));
    out.max_relative_err = max_relative_error(n, b);
    if (is_zero_dim(npu)) {
        // Python scalars are saved as 0-d arrays; the online compare did not take their cosine.
        out.cosine = kUnsupported;
        out.message = "This is type of scalar data, can not compare.";
    } else if (n.size() == 1) {
        out.cosine = kUnsupported;
        out.message = "This tensor is scalar.";
    } else {
        std::tie(out.cosine, out.message) = cosine_similarity(n, b);
    }
    return out;
}

std::string dispatch_accuracy(const std::string& cosine, const std::string& max_abs_err) {
    if (auto fixed = common_accuracy(cosine, max_abs_err)) return *fixed;
    if (cosine == "N/A" || max_abs_err == "N/A") return "No";
    const auto c = py::parse_float(cosine);
    const auto m = py::parse_float(max_abs_err);
    if (!c || !m) return kNan;
    if (*c < 0.99 && *m > 0.001) return "No";
    if (*c < 0.9 || *m > 1) return "No";
    return "Yes";
}

}  // namespace msprobe::legacy
