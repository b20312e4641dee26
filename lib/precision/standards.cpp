#include "precision/standards.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace msprobe::precision {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

Fp wide_fp(const FloatPair& p) { return wider(p.bench_fp, p.device_fp); }

MetricValue float_metric(Fp fp, double v) {
    switch (fp) {
        case Fp::F16: return MetricValue::f16(v);
        case Fp::F32: return MetricValue::f32(v);
        case Fp::F64: return MetricValue::f64(v);
    }
    return MetricValue::f64(v);
}

// count / denominator as NumPy gives it: the int 0 when nothing qualifies.
MetricValue count_ratio(std::int64_t count, std::int64_t denominator) {
    if (denominator == 0) return MetricValue::integer(0);
    return MetricValue::f64(static_cast<double>(count) / static_cast<double>(denominator));
}

double eps_of_bench(const FloatPair& p) {
    return p.device_dtype == tensor::DType::BFloat16 ? 0.00390625 : machine_epsilon(p.bench_fp);
}

// np.max with NaN propagation.
double nan_max(std::span<const double> v) {
    double m = -std::numeric_limits<double>::infinity();
    for (double x : v) {
        if (std::isnan(x)) return kNaN;
        m = std::max(m, x);
    }
    return m;
}

// The masks and intermediate arrays every standard shares.
struct Prepared {
    std::vector<double> abs_err;
    std::vector<double> abs_bench_eps;
    std::vector<char> infnan;
    std::vector<char> small;
    std::vector<double> rel;  // abs_err / abs_bench_eps in the wider dtype
};

Prepared prepare(const FloatPair& p, double small_value) {
    const std::size_t n = p.device.size();
    Prepared out;
    out.abs_err.resize(n);
    out.abs_bench_eps.resize(n);
    out.infnan.resize(n);
    out.small.resize(n);
    out.rel.resize(n);
    absolute_errors(p, out.abs_err);
    const Fp wide = wide_fp(p);
    const double eps = eps_of_bench(p);
    const double sv = round_to(p.bench_fp, small_value);
    for (std::size_t i = 0; i < n; ++i) {
        const double b = p.bench[i];
        out.abs_bench_eps[i] = round_to(p.bench_fp, std::fabs(b) + eps);
        const bool finite = std::isfinite(p.device[i]) && std::isfinite(round_to(p.device_fp, b));
        out.infnan[i] = !finite;
        out.small[i] = finite && std::fabs(b) <= sv;
        out.rel[i] = std::fabs(round_to(wide, out.abs_err[i] / out.abs_bench_eps[i]));
    }
    return out;
}

void apply_binary(const FloatPair& p, DetailRow& row) {
    std::int64_t diff = 0;
    for (std::size_t i = 0; i < p.device.size(); ++i) {
        if (!(p.bench[i] == p.device[i])) ++diff;
    }
    row.at(Metric::BinaryErrorRate) = p.device.empty() ? MetricValue::integer(0)
                                                      : MetricValue::f64(static_cast<double>(diff) /
                                                                         static_cast<double>(p.device.size()));
}

// The three ratios shared by the absolute-threshold and accumulative standards.
void apply_threshold_ratios(const FloatPair& p, const Prepared& q, double rtol, double atol, DetailRow& row) {
    const Fp wide = wide_fp(p);
    const double fmax = finfo_max(p.device_dtype);
    std::int64_t infnan_count = 0, infnan_fail = 0;
    std::int64_t normal_count = 0, normal_fail = 0;
    std::int64_t small_count = 0, small_fail = 0;
    const double rtol_w = round_to(wide, rtol);
    const double atol_w = round_to(wide, atol);
    for (std::size_t i = 0; i < p.device.size(); ++i) {
        if (q.infnan[i]) {
            ++infnan_count;
            const double g = std::clamp(round_to(p.device_fp, p.bench[i]), -fmax, fmax);
            const double d = std::isnan(p.device[i]) ? p.device[i] : std::clamp(p.device[i], -fmax, fmax);
            const double re = round_to(wide, std::fabs(d - (std::isnan(p.bench[i]) ? kNaN : g)) / q.abs_bench_eps[i]);
            const bool both_nan = std::isnan(p.device[i]) && std::isnan(p.bench[i]);
            if (!(re <= rtol_w || both_nan)) ++infnan_fail;
        } else if (q.small[i]) {
            ++small_count;
            if (q.abs_err[i] > atol_w) ++small_fail;
        } else {
            ++normal_count;
            if (q.rel[i] > rtol_w) ++normal_fail;
        }
    }
    row.at(Metric::InfNanErrRatio) = count_ratio(infnan_fail, infnan_count);
    row.at(Metric::RelErrRatio) = count_ratio(normal_fail, normal_count);
    row.at(Metric::AbsErrRatio) = count_ratio(small_fail, small_count);
}

MetricValue error_balance(const FloatPair& p) {
    if (p.device.empty()) return MetricValue::integer(0);
    std::int64_t positive = 0, negative = 0;
    for (std::size_t i = 0; i < p.device.size(); ++i) {
        const double delta = round_to(p.device_fp, p.device[i] - round_to(p.device_fp, p.bench[i]));
        if (delta > 0) ++positive;
        if (delta < 0) ++negative;
    }
    return MetricValue::f64(static_cast<double>(std::llabs(positive - negative)) /
                            static_cast<double>(p.device.size()));
}

void apply_benchmark(const FloatPair& p, DetailRow& row) {
    const auto t = thresholds_for(p.device_dtype);
    const Prepared q = prepare(p, t.small_value);
    const Fp wide = wide_fp(p);
    const std::size_t n = p.device.size();
    const double atol = round_to(wide, t.small_value_atol_benchmark);

    std::int64_t small_count = 0, small_fail = 0, masked = 0;
    std::vector<double> non_negative_rel;
    std::vector<double> squares(n);
    double max_rel = -1.0;
    for (std::size_t i = 0; i < n; ++i) {
        if (q.small[i]) {
            ++small_count;
            if (q.abs_err[i] > atol) ++small_fail;
        }
        const bool mask = q.small[i] || q.infnan[i];
        if (mask) {
            ++masked;
            squares[i] = 0.0;
        } else {
            squares[i] = round_to(wide, q.abs_err[i] * q.abs_err[i]);
            non_negative_rel.push_back(q.rel[i]);
            max_rel = std::max(max_rel, q.rel[i]);
        }
    }
    row.at(Metric::SmallValueErrRatio) = count_ratio(small_fail, small_count);
    row.at(Metric::MaxRelErr) = max_rel >= 0 ? float_metric(wide, max_rel) : MetricValue::integer(0);
    row.at(Metric::MeanRelErr) =
        non_negative_rel.empty() ? MetricValue::integer(0) : float_metric(wide, numpy_mean(non_negative_rel, wide));
    // A NumPy scalar times a Python float is a float64 (NumPy 1.x), so the RMSE cell is float64.
    double mse = n == 0 ? kNaN : numpy_mean(squares, wide);
    const double dn = static_cast<double>(n);
    mse *= dn / (dn - static_cast<double>(masked) + 0.0001) + 0.0001;
    row.at(Metric::Rmse) = MetricValue::f64(std::sqrt(mse));
    row.at(Metric::ErrorBalance) = error_balance(p);
}

void apply_ulp(const FloatPair& p, DetailRow& row) {
    const auto t = thresholds_for(p.device_dtype);
    const bool fp32 = p.device_dtype == tensor::DType::Float32;
    const Fp fp = fp32 ? Fp::F64 : Fp::F32;
    const std::size_t n = p.device.size();
    std::vector<double> ulp(n);
    std::int64_t over = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double b = p.bench[i];
        double eb = 0.0;
        if (b != 0) {
            eb = p.bench_fp == Fp::F64 ? std::floor(std::log2(std::fabs(b)))
                                       : static_cast<double>(std::floor(std::log2(static_cast<float>(std::fabs(b)))));
        }
        eb = std::max(eb, static_cast<double>(t.ulp_min_exponent));
        const double diff = round_to(fp, round_to(fp, p.device[i]) - round_to(fp, b));
        ulp[i] = std::fabs(round_to(fp, diff * std::exp2(static_cast<double>(t.ulp_mantissa_bits) - eb)));
        if (ulp[i] > t.ulp_threshold) ++over;
    }
    row.at(Metric::UlpMax) = n == 0 ? MetricValue() : float_metric(fp, nan_max(ulp));
    row.at(Metric::UlpMean) = n == 0 ? MetricValue() : float_metric(fp, numpy_mean(ulp, fp));
    row.at(Metric::UlpProportion) = count_ratio(over, static_cast<std::int64_t>(n));
}

}  // namespace

std::string standard_algorithm_name(Standard standard) {
    switch (standard) {
        case Standard::Benchmark: return "标杆比对法";
        case Standard::Ulp: return "ULP误差比对法";
        case Standard::BinaryConsistency: return "二进制一致法";
        case Standard::AbsoluteThreshold: return "绝对阈值法";
        case Standard::Thousandth: return "双千指标法";
        case Standard::AccumulativeError: return "累积误差比对法";
    }
    return " ";
}

StandardThresholds thresholds_for(tensor::DType device_dtype) {
    if (device_dtype == tensor::DType::Float16) {
        return {std::exp2(-10), std::exp2(-16), 1e-16, std::exp2(-10), std::exp2(-8), std::exp2(-11), std::exp2(-20),
                -14, 10, 1.0};
    }
    if (device_dtype == tensor::DType::BFloat16) {
        return {std::exp2(-10), 1e-16, 1e-16, std::exp2(-8), std::exp2(-7), std::exp2(-8), std::exp2(-7),
                -126, 7, 1.0};
    }
    return {std::exp2(-20), std::exp2(-30), std::exp2(-30), std::exp2(-20), std::exp2(-11), std::exp2(-14),
            std::exp2(-14), -126, 23, 32.0};
}

void absolute_errors(const FloatPair& pair, std::span<double> out) {
    const Fp wide = wide_fp(pair);
    for (std::size_t i = 0; i < pair.device.size(); ++i) {
        out[i] = std::fabs(round_to(wide, pair.device[i] - pair.bench[i]));
    }
}

void relative_errors(const FloatPair& pair, std::span<double> out) {
    const Fp wide = wide_fp(pair);
    const double eps = eps_of_bench(pair);
    for (std::size_t i = 0; i < pair.device.size(); ++i) {
        const double abs_err = std::fabs(round_to(wide, pair.device[i] - pair.bench[i]));
        const double denominator = round_to(pair.bench_fp, std::fabs(pair.bench[i]) + eps);
        out[i] = std::fabs(round_to(wide, abs_err / denominator));
    }
}

RatioResult rel_err_ratio(std::span<const double> rel_err, Fp fp, double threshold) {
    if (rel_err.empty()) return {MetricValue::integer(1), 1.0 > 1.0 - threshold};
    const double t = round_to(fp, threshold);
    std::int64_t below = 0;
    for (double r : rel_err) {
        if (r < t) ++below;
    }
    const double ratio = static_cast<double>(below) / static_cast<double>(rel_err.size());
    return {MetricValue::f64(ratio), ratio > 1.0 - threshold};
}

void apply_standard(Standard standard, const FloatPair& pair, DetailRow& row) {
    switch (standard) {
        case Standard::BinaryConsistency: apply_binary(pair, row); return;
        case Standard::AbsoluteThreshold: {
            const auto t = thresholds_for(pair.device_dtype);
            const Prepared q = prepare(pair, t.small_value);
            apply_threshold_ratios(pair, q, t.rtol, t.small_value_atol_absolute, row);
            return;
        }
        case Standard::Ulp: apply_ulp(pair, row); return;
        case Standard::Thousandth: {
            std::vector<double> rel(pair.device.size());
            relative_errors(pair, rel);
            row.at(Metric::Thousandth) = rel_err_ratio(rel, wide_fp(pair), 0.001).value;
            return;
        }
        case Standard::Benchmark: apply_benchmark(pair, row); return;
        case Standard::AccumulativeError: {
            const auto t = thresholds_for(pair.device_dtype);
            const Prepared q = prepare(pair, 1.0);
            apply_threshold_ratios(pair, q, t.accumulative_bound, t.accumulative_bound, row);
            row.at(Metric::ErrorBalance) = error_balance(pair);
            return;
        }
    }
}

}  // namespace msprobe::precision
