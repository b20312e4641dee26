#include "ms_api_check/compare_algorithms.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "ms_api_check/check_skipped.hpp"

namespace msprobe::ms_api_check {

namespace {

// BaseCompareAlgorithm.check_two_tensor: both tensors, shapes equal.
bool comparable(const CheckedValue& bench, const CheckedValue& tested) {
    return bench.is_tensor() && tested.is_tensor() && bench.shape == tested.shape &&
           bench.values.size() == tested.values.size();
}

// np.max over a sequence: NaN when any element is NaN.
template <typename F>
double maximum(std::size_t n, F element) {
    if (n == 0) throw CheckSkipped("zero-size array to reduction operation maximum which has no identity");
    double m = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < n; ++i) {
        const double v = element(i);
        if (std::isnan(v)) return v;
        if (v > m) m = v;
    }
    return m;
}

double cosine(const std::vector<double>& b, const std::vector<double>& t) {
    double bb = 0.0;
    double tt = 0.0;
    double bt = 0.0;
    for (std::size_t i = 0; i < b.size(); ++i) {
        bb += b[i] * b[i];
        tt += t[i] * t[i];
        bt += b[i] * t[i];
    }
    return (kEpsilon + bt) / (kEpsilon + std::sqrt(bb) * std::sqrt(tt));
}

}  // namespace

OutputComparison compare_output(const CheckedValue& bench, const CheckedValue& tested) {
    OutputComparison out;
    if (comparable(bench, tested)) {
        const auto& b = bench.values;
        const auto& t = tested.values;
        const double cos = cosine(b, t);
        const double max_abs = maximum(b.size(), [&](std::size_t i) { return std::fabs(b[i] - t[i]); });
        const double max_rel = maximum(b.size(), [&](std::size_t i) {
            return std::fabs(b[i] - t[i]) / (std::fabs(b[i]) + (b[i] == 0.0 ? kEpsilon : 0.0));
        });
        // NaN fails every threshold, as Python's comparisons do.
        out.cosine = {cos, cos > kCosineThreshold ? AlgorithmStatus::Pass : AlgorithmStatus::Error};
        out.max_abs = {max_abs, max_abs < kMaxAbsThreshold ? AlgorithmStatus::Pass : AlgorithmStatus::Error};
        out.max_relative = {max_rel,
                            max_rel < kMaxRelativeThreshold ? AlgorithmStatus::Pass : AlgorithmStatus::Error};
    }
    out.pass = out.cosine.status == AlgorithmStatus::Pass && out.max_abs.status == AlgorithmStatus::Pass;
    if (out.pass) return out;
    // BaseCompareAlgorithm.err_msg_mapping (each sentence ends in a space).
    if (out.cosine.status == AlgorithmStatus::Error) out.message += "cosine similarity is less than threshold: 0.99 ";
    if (out.cosine.status == AlgorithmStatus::Skip) {
        out.message += "two inputs are not valid for computing cosine similarity, skip comparing ";
    }
    if (out.max_abs.status == AlgorithmStatus::Error) {
        out.message += "max absolute difference is greater than threshold: 0.001 ";
    }
    if (out.max_abs.status == AlgorithmStatus::Skip) {
        out.message += "two inputs are not valid for computing max absolute difference, skip comparing ";
    }
    return out;
}

}  // namespace msprobe::ms_api_check
