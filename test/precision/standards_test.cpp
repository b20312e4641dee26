// Spec run_ut §17.1: msprobe's own unit vectors for the metric helpers and the
// precision standards.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "precision/output_compare.hpp"
#include "precision/standards.hpp"
#include "precision_test_data.hpp"

using namespace msprobe::precision;
using msprobe::tensor::DType;
using msprobe::precision::testing::out;
using msprobe::precision::testing::tensor;
using Catch::Detail::Approx;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

DetailRow run_standard(Standard s, DType bench_dtype, std::vector<double> bench, DType device_dtype,
                       std::vector<double> device) {
    const auto b = tensor(bench_dtype, std::move(bench));
    const auto d = tensor(device_dtype, std::move(device));
    DetailRow row;
    apply_standard(s, FloatPair{b.values, fp_of(bench_dtype), d.values, fp_of(device_dtype), device_dtype}, row);
    return row;
}

}  // namespace

TEST_CASE("benchmark metrics of float16 [1,1,9] vs [5,2,1] (T8-T10, T12, T13)", "[precision]") {
    const auto b = tensor(DType::Float16, {1, 1, 9});
    const auto d = tensor(DType::Float16, {5, 2, 1});
    const FloatPair pair{b.values, Fp::F16, d.values, Fp::F16, DType::Float16};
    std::vector<double> abs_err(3);
    absolute_errors(pair, abs_err);
    CHECK(abs_err == std::vector<double>{4, 1, 8});

    DetailRow row;
    apply_standard(Standard::Benchmark, pair, row);
    CHECK(row.at(Metric::Rmse).value() == Approx(5.196).margin(0.0005));
    CHECK(row.at(Metric::ErrorBalance).value() == Approx(1.0 / 3.0));
    CHECK(row.at(Metric::MaxRelErr).value() == Approx(3.996).margin(0.0005));
    CHECK(row.at(Metric::MeanRelErr).value() == Approx(1.961).margin(0.0005));
    CHECK(row.at(Metric::SmallValueErrRatio).render(14) == "0");

    // T12: the cosine of these vectors fails first, so the element row stops before the max abs error.
    const auto element = compare_element(OutputValue::of_tensor(b), OutputValue::of_tensor(d), "api");
    CHECK(element.status == "error");
    CHECK(element.at(Metric::MaxAbsErr).is_space());
}

TEST_CASE("small-value and relative-error ratios (T11, T14-T19, T24, T25)", "[precision]") {
    // T11: small [T,T,T,F,T], abs_err > atol [F,T,T,T,F] -> 2 of 4 small values fail.
    auto row = run_standard(Standard::Benchmark, DType::Float32, {1e-7, 2e-7, 3e-7, 1.0, 4e-7}, DType::Float32,
                            {1e-7, 5e-7, 6e-7, 2.0, 4e-7});
    CHECK(row.at(Metric::SmallValueErrRatio).render(14) == "0.50000000000000");

    // T14/T15: an empty array counts as passed; identical arrays pass at 0.001 and 0.0001.
    CHECK(rel_err_ratio({}, Fp::F64, 0.01).passed);
    const std::vector<double> zeros = {0, 0, 0};
    CHECK(rel_err_ratio(zeros, Fp::F64, 0.001).value.value() == 1.0);
    CHECK(rel_err_ratio(zeros, Fp::F64, 0.0001).passed);

    // T17-T19: no inf/nan -> int 0; identical small values -> 0; every normal element of T8 fails rtol.
    row = run_standard(Standard::AbsoluteThreshold, DType::Float16, {1, 1, 9}, DType::Float16, {5, 2, 1});
    CHECK(row.at(Metric::InfNanErrRatio).render(14) == "0");
    CHECK(row.at(Metric::RelErrRatio).render(14) == "1.00000000000000");
    row = run_standard(Standard::AbsoluteThreshold, DType::Float16, {1e-7, 1, 2e-6}, DType::Float16, {1e-7, 1, 2e-6});
    CHECK(row.at(Metric::AbsErrRatio).render(14) == "0.00000000000000");

    // T24: inf and NaN are masked out of the relative errors.
    row = run_standard(Standard::Benchmark, DType::Float32, {1, 2, 3, kInf, kNaN}, DType::Float32,
                       {1.1, 2.1, 3.1, kInf, kNaN});
    CHECK(row.at(Metric::MaxRelErr).value() == Approx(0.1).epsilon(1e-5));
    CHECK(row.at(Metric::MeanRelErr).value() == Approx((0.1 + 0.05 + 0.1 / 3) / 3).epsilon(1e-5));

    // T25
    CHECK(thresholds_for(DType::Float32).rtol == std::exp2(-20));
}

TEST_CASE("ULP, binary and thousandth standards (T20-T23)", "[precision]") {
    // T23 float32: ulps [31, 33, 31] against b = 1 -> 1/3 over the threshold 32.
    const double u = std::exp2(-23);
    auto row =
        run_standard(Standard::Ulp, DType::Float64, {1, 1, 1}, DType::Float32, {1 + 31 * u, 1 + 33 * u, 1 + 31 * u});
    CHECK(row.at(Metric::UlpProportion).value() == Approx(1.0 / 3.0));
    CHECK(row.at(Metric::UlpMax).render(14) == "33.00000000000000");
    // T23 float16: ulps [0, 2, 0] -> 1/3 over the threshold 1; max/mean are float32 cells.
    row = run_standard(Standard::Ulp, DType::Float32, {1, 1, 1}, DType::Float16, {1, 1 + 2 * std::exp2(-10), 1});
    CHECK(row.at(Metric::UlpProportion).value() == Approx(1.0 / 3.0));
    CHECK(row.at(Metric::UlpMax).render(14) == "2.0");
    CHECK(row.at(Metric::UlpMean).render(14) == "0.6666667");
    // A zero bench value uses exponent 0, not the minimum: 1e-4 in float16 is 0.1024 ULP.
    row = run_standard(Standard::Ulp, DType::Float32, {0, 0}, DType::Float16, {1e-4, 0});
    CHECK(row.at(Metric::UlpMax).value() == Approx(0.1024).epsilon(1e-3));

    // T21 binary consistency.
    row = run_standard(Standard::BinaryConsistency, DType::Bool, {1, 0, 1, 0}, DType::Bool, {1, 0, 0, 0});
    CHECK(row.at(Metric::BinaryErrorRate).value() == 0.25);
    row = run_standard(Standard::BinaryConsistency, DType::Float32, {1, 2}, DType::Float32, {1, 2});
    CHECK(row.at(Metric::BinaryErrorRate).render(14) == "0.00000000000000");
    row = run_standard(Standard::BinaryConsistency, DType::Float32, {1, 2}, DType::Float32, {3, 4});
    CHECK(row.at(Metric::BinaryErrorRate).value() == 1.0);

    // T22 thousandth ratios of given relative errors.
    const std::vector<double> a = {1e-4, 5e-4, 8e-4}, b = {5e-4, 2e-3, 3e-3, 8e-4}, c = {2e-3, 3e-3, 5e-3};
    CHECK(rel_err_ratio(a, Fp::F64, 0.001).value.value() == 1.0);
    CHECK(rel_err_ratio(b, Fp::F64, 0.001).value.value() == 0.5);
    CHECK(rel_err_ratio(c, Fp::F64, 0.001).value.value() == 0.0);
}
