// Property test: every SIMD build of the fused pass agrees with the scalar
// reference on random and adversarial pairs, every dtype, odd lengths,
// misaligned and strided views, under April's and August's epsilon rules. Because all implementations follow the same
// summation order (pair_partial.hpp) the agreement is exact, which is
// stronger than the 1e-12 relative the spec asks for.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <sstream>
#include <thread>

#include "metrics/scalar_reference.hpp"
#include "metrics/tensor_metrics.hpp"
#include "support/property_iterations.hpp"
#include "support/metric_string_makers.hpp"
#include "same_partial.hpp"
#include "test_tensors.hpp"

namespace msprobe::metrics {
namespace {

using namespace testing;

constexpr DType kAllDtypes[] = {DType::Float16, DType::BFloat16, DType::Float32,  DType::Float64,
                                DType::Int8,    DType::Int16,    DType::Int32,    DType::Int64,
                                DType::UInt8,   DType::Bool,     DType::Complex64, DType::Complex128};
constexpr DType kFloatDtypes[] = {DType::Float16, DType::BFloat16, DType::Float32, DType::Float64};

std::vector<KernelIsa> simd_kernels() {
    std::vector<KernelIsa> k;
    for (KernelIsa isa : available_kernel_isas()) {
        if (isa != KernelIsa::Scalar) k.push_back(isa);
    }
    return k;
}

void require_same_statistics(const std::optional<SideStatistics>& a, const std::optional<SideStatistics>& b) {
    REQUIRE(a.has_value() == b.has_value());
    if (!a) return;
    CHECK(same_double(a->max, b->max));
    CHECK(same_double(a->min, b->min));
    CHECK(same_double(a->mean, b->mean));
    CHECK(same_double(a->l2norm, b->l2norm));
}

void require_same_metrics(const PairMetrics& a, const PairMetrics& b) {
    CHECK(a.cosine == b.cosine);
    CHECK(a.euc_dist == b.euc_dist);
    CHECK(a.max_abs_err == b.max_abs_err);
    CHECK(a.max_relative_err == b.max_relative_err);
    CHECK(a.one_thousandth_err_ratio == b.one_thousandth_err_ratio);
    CHECK(a.five_thousandths_err_ratio == b.five_thousandths_err_ratio);
    CHECK(a.message == b.message);
    CHECK(a.error == b.error);
    require_same_statistics(a.npu_statistics, b.npu_statistics);
    require_same_statistics(a.bench_statistics, b.bench_statistics);
}

// ---- random and adversarial data ----

struct Generator {
    std::mt19937_64 rng;
    explicit Generator(std::uint64_t seed) : rng(seed) {}

    double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }
    std::int64_t integer(std::int64_t lo, std::int64_t hi) {
        return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng);
    }
    bool chance(double p) { return uniform(0, 1) < p; }
    template <class T>
    const T& pick(std::initializer_list<T> items) {
        return items.begin()[integer(0, static_cast<std::int64_t>(items.size()) - 1)];
    }

    // A magnitude scale typical of one adversarial flavour for the dtype.
    double scale_for(DType t) {
        const bool half = t == DType::Float16;
        const bool single = t == DType::Float32 || t == DType::BFloat16 || t == DType::Complex64;
        switch (integer(0, 4)) {
            case 0: return 1.0;
            case 1: return half ? 3e4 : single ? 1e38 : 1e300;               // huge, near overflow
            case 2: return half ? 3e-6 : single ? 1e-39 : 1e-310;            // subnormal
            case 3: return pick({1e-3, 1e3, 1e-20, 0.0});                    // assorted (0: all zeros)
            default: return half ? 6e-5 : single ? 1.2e-38 : 2.3e-308;        // smallest normals
        }
    }

    std::vector<double> values(DType t, std::size_t n) {
        std::vector<double> v(n);
        if (!tensor::is_floating(t) && t != DType::Complex64 && t != DType::Complex128) {
            std::int64_t lo = -128, hi = 127;
            if (t == DType::UInt8) lo = 0, hi = 255;
            if (t == DType::Bool) lo = 0, hi = 1;
            if (t == DType::Int16) lo = -32768, hi = 32767;
            if (t == DType::Int32 || t == DType::Int64) lo = -100000, hi = 100000;
            if (t == DType::Int64 && chance(0.2)) lo = -(std::int64_t{1} << 62), hi = std::int64_t{1} << 62;
            for (auto& x : v) x = static_cast<double>(chance(0.2) ? 0 : integer(lo, hi));
            return v;
        }
        const double scale = scale_for(t);
        for (auto& x : v) x = chance(0.1) ? 0.0 : uniform(-scale, scale);
        return v;
    }

    // The bench side: identical, slightly perturbed (around the 1e-3 / 5e-3
    // thresholds), or independent, with zeros sprinkled in.
    std::vector<double> bench_from(const std::vector<double>& npu, DType t) {
        std::vector<double> b = npu;
        switch (integer(0, 3)) {
            case 0: break;
            case 1: {
                const double delta = pick({1e-4, 9.9e-4, 1.0e-3, 1.1e-3, 4.9e-3, 5.1e-3, 1e-2, 0.3});
                for (auto& x : b) x = x * (1 + uniform(-delta, delta));
                break;
            }
            case 2: b = values(t, npu.size()); break;
            default:
                for (auto& x : b) {
                    if (chance(0.3)) x = 0.0;
                }
        }
        return b;
    }

    // inf/nan at matching positions (zeroed by msprobe), sometimes not matching.
    void add_specials(std::vector<double>& n, std::vector<double>& b) {
        if (n.empty() || !chance(0.4)) return;
        const double kinds[] = {kInf, -kInf, kNan};
        const auto count = integer(1, std::max<std::int64_t>(1, static_cast<std::int64_t>(n.size()) / 8));
        const bool mismatch = chance(0.2);
        for (std::int64_t k = 0; k < count; ++k) {
            const auto i = static_cast<std::size_t>(integer(0, static_cast<std::int64_t>(n.size()) - 1));
            const double special = kinds[integer(0, 2)];
            n[i] = special;
            b[i] = std::isinf(special) && chance(0.5) ? -special : special;  // +inf vs -inf matches
            if (mismatch && k == 0) b[i] = chance(0.5) ? 1.0 : (std::isnan(special) ? kInf : kNan);
        }
    }
};

// Builds a view holding `values` in one of several layouts.
TensorView layout(Generator& g, DType t, const std::vector<double>& values, int which) {
    switch (which) {
        case 0: return make_tensor(t, values);
        case 1: return make_tensor(t, values, {-1}, 1, static_cast<std::size_t>(g.integer(1, 7)));  // misaligned
        case 2: return make_tensor(t, values, {-1}, g.integer(2, 3), static_cast<std::size_t>(g.integer(0, 3)));
        default: {
            // A transposed view whose logical order is `values`.
            const auto n = static_cast<std::int64_t>(values.size());
            std::int64_t rows = 1;
            for (std::int64_t r = 2; r * r <= n; ++r) {
                if (n % r == 0) rows = r;
            }
            const std::int64_t cols = n / rows;
            // logical (i, j) of the cols x rows view = storage[j * cols + i] must equal values[i * rows + j]
            std::vector<double> storage(values.size());
            for (std::int64_t i = 0; i < cols; ++i) {
                for (std::int64_t j = 0; j < rows; ++j)
                    storage[static_cast<std::size_t>(j * cols + i)] = values[static_cast<std::size_t>(i * rows + j)];
            }
            return transposed_view(t, storage, rows, cols);
        }
    }
}

constexpr RelativeEpsilon kRules[] = {RelativeEpsilon::Float64, RelativeEpsilon::OfComputeType};

const char* rule_name(RelativeEpsilon rule) { return rule == RelativeEpsilon::Float64 ? "April" : "August"; }

PairMetrics run(const TensorView& n, const TensorView& b, KernelIsa isa, RelativeEpsilon rule) {
    CompareOptions options;
    options.kernel = isa;
    options.relative_epsilon = rule;
    return compare_tensors(n, b, options);
}

// Every SIMD set against the scalar reference on one pair, metrics and the
// first chunk's partial.
void require_kernels_match_reference(const TensorView& n, const TensorView& b, RelativeEpsilon rule) {
    INFO("epsilon " << rule_name(rule));
    const PairMetrics reference = run(n, b, KernelIsa::Scalar, rule);
    for (KernelIsa isa : simd_kernels()) {
        INFO("kernel " << kernel_isa_name(isa));
        require_same_metrics(run(n, b, isa, rule), reference);
        if (n.numel() > 0) {
            require_same_partial(accumulate_chunk(n, b, 0, isa, rule),
                                 accumulate_chunk(n, b, 0, KernelIsa::Scalar, rule));
        }
    }
}

TEST_CASE("SIMD kernels equal the scalar reference on random and adversarial pairs", "[metrics][simd]") {
    const auto kernels = simd_kernels();
    if (kernels.empty()) WARN("no SIMD kernel available on this machine: nothing to compare");
    Generator g(20240611);
    const std::size_t special_lengths[] = {1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 33, 1023, 1024, 1025, 2047, 2049, 3001};
    const int iterations = msprobe::testing::property_iterations(1500);
    for (int iteration = 0; iteration < iterations; ++iteration) {
        const std::size_t length = iteration < 17 * 4 ? special_lengths[iteration % 17]
                                                      : static_cast<std::size_t>(g.integer(0, 1000));
        // Half the pairs use the vectorised float dtypes, the rest any dtype pair.
        const bool vectorised = g.chance(0.5);
        const DType npu_type = vectorised ? kFloatDtypes[g.integer(0, 3)] : kAllDtypes[g.integer(0, 11)];
        DType bench_type = npu_type;
        if (g.chance(0.35)) bench_type = vectorised ? kFloatDtypes[g.integer(0, 3)] : kAllDtypes[g.integer(0, 11)];
        std::vector<double> n = g.values(npu_type, length);
        std::vector<double> b = g.bench_from(n, bench_type);
        if (tensor::is_floating(npu_type) || tensor::is_floating(bench_type)) g.add_specials(n, b);
        const int npu_layout = static_cast<int>(g.integer(0, 3));
        const int bench_layout = static_cast<int>(g.integer(0, 3));
        const TensorView npu = layout(g, npu_type, n, npu_layout);
        TensorView bench = layout(g, bench_type, b, bench_layout);
        // Only one side transposed: give both the same logical shape.
        if (npu.shape != bench.shape) bench = layout(g, bench_type, b, npu_layout == 3 ? 3 : 0);
        REQUIRE(npu.shape == bench.shape);

        std::ostringstream what;
        what << "iteration " << iteration << " length " << length << " dtypes " << tensor::torch_name(npu_type) << "/"
             << tensor::torch_name(bench_type) << " layouts " << npu_layout << "/" << bench_layout;
        INFO(what.str());
        for (RelativeEpsilon rule : kRules) {
            require_kernels_match_reference(npu, bench, rule);
            // A strided or misaligned layout gives what the contiguous copy gives.
            if (npu_layout != 0 || bench_layout != 0) {
                const TensorView npu_plain = make_tensor(npu_type, n, npu.shape);
                const TensorView bench_plain = make_tensor(bench_type, b, bench.shape);
                require_same_metrics(run(npu_plain, bench_plain, best_kernel_isa(), rule),
                                     run(npu, bench, KernelIsa::Scalar, rule));
            }
        }
    }
}

TEST_CASE("float16 arithmetic: every SIMD rounding matches the scalar one", "[metrics][simd]") {
    // All finite float16 values against a few benches: exercises the float16
    // loads and the float32->float16 rounding of differences and quotients,
    // including subnormal results and overflow to inf.
    std::vector<double> all;
    for (std::uint32_t h = 0; h < 0x10000; ++h) {
        const float v = half_to_float(static_cast<std::uint16_t>(h));
        if (std::isfinite(v)) all.push_back(v);
    }
    for (double bench_value : {1.0, -3.0, 0.0, 6.1e-5, 65504.0, 1e-7, 0.3}) {
        INFO("bench value " << bench_value);
        const std::vector<double> bench(all.size(), bench_value);
        const TensorView n = make_tensor(DType::Float16, all);
        const TensorView b = make_tensor(DType::Float16, bench);
        for (RelativeEpsilon rule : kRules) require_kernels_match_reference(n, b, rule);
    }
}

TEST_CASE("float16 relative errors straddling the ratio thresholds", "[metrics][simd]") {
    // Pairs whose quotient (n - b) / b lands a few float16 steps either side
    // of 0.001 and 0.005, for many non-power-of-two benches: the counts must
    // agree with the scalar reference, which rounds every quotient to float16.
    std::vector<double> npu;
    std::vector<double> bench;
    for (std::uint16_t b_bits = 0x3800; b_bits < 0x4000; b_bits = static_cast<std::uint16_t>(b_bits + 3)) {
        const float b = half_to_float(b_bits);
        for (double threshold : {0.001, 0.005}) {
            const std::uint16_t centre = float_to_half(b + static_cast<float>(threshold) * b);
            for (int step = -4; step <= 4; ++step) {
                npu.push_back(half_to_float(static_cast<std::uint16_t>(centre + step)));
                bench.push_back(b);
            }
        }
    }
    const TensorView n = make_tensor(DType::Float16, npu);
    const TensorView b = make_tensor(DType::Float16, bench);
    CHECK(run(n, b, KernelIsa::Scalar, RelativeEpsilon::Float64).one_thousandth_err_ratio.value > 0.0);
    for (RelativeEpsilon rule : kRules) require_kernels_match_reference(n, b, rule);
}

TEST_CASE("large pairs: chunks, threads and accuracy of the sums", "[metrics][simd]") {
    const std::int64_t count = 3 * kChunkElements + 777;
    Generator g(99);
    std::vector<double> n(static_cast<std::size_t>(count));
    std::vector<double> b(n.size());
    for (std::size_t i = 0; i < n.size(); ++i) {
        n[i] = g.uniform(-2, 2);
        b[i] = i % 97 == 0 ? 0.0 : n[i] * (1 + g.uniform(-3e-3, 3e-3));  // zeros: where the epsilon rules differ
    }
    const ParallelFor threads = [](std::int64_t chunks, const std::function<void(std::int64_t)>& body) {
        std::vector<std::thread> pool;
        for (int t = 0; t < 3; ++t) {
            pool.emplace_back([&, t] {
                for (std::int64_t c = t; c < chunks; c += 3) body(c);
            });
        }
        for (auto& th : pool) th.join();
    };
    for (DType t : {DType::Float32, DType::Float16, DType::BFloat16, DType::Float64}) {
        INFO("dtype " << tensor::torch_name(t));
        const TensorView npu = make_tensor(t, n);
        const TensorView bench = make_tensor(t, b);
        for (RelativeEpsilon rule : kRules) {
            INFO("epsilon " << rule_name(rule));
            const PairMetrics reference = run(npu, bench, KernelIsa::Scalar, rule);
            for (KernelIsa isa : available_kernel_isas()) {
                INFO("kernel " << kernel_isa_name(isa));
                CompareOptions options;
                options.kernel = isa;
                options.relative_epsilon = rule;
                require_same_metrics(compare_tensors(npu, bench, options), reference);
                require_same_metrics(compare_tensors(npu, bench, options, threads), reference);
            }
        }
        const PairMetrics reference = run(npu, bench, KernelIsa::Scalar, RelativeEpsilon::Float64);

        // The sums against long double accumulation of the same float64 terms.
        long double diff_squares = 0, npu_squares = 0;
        for (std::int64_t i = 0; i < count; ++i) {
            const double x = read_element_as_double(npu.data + i * static_cast<std::int64_t>(tensor::dtype_size(t)), t);
            const double y =
                read_element_as_double(bench.data + i * static_cast<std::int64_t>(tensor::dtype_size(t)), t);
            const double d = x - y;
            diff_squares += static_cast<long double>(d * d);
            npu_squares += static_cast<long double>(x * x);
        }
        CHECK(reference.euc_dist.value ==
              Approx(std::sqrt(static_cast<double>(diff_squares))).epsilon(1e-13));
        CHECK(reference.npu_statistics->l2norm ==
              Approx(std::sqrt(static_cast<double>(npu_squares))).epsilon(1e-13));
    }
}

}  // namespace
}  // namespace msprobe::metrics
