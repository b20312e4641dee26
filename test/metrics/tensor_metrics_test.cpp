// The tensor step against the vectors of spec compare.md §7.3 (worked
// examples), §15.1 (metric vectors) and §15.2 (pre-check vectors).
#include "metrics/tensor_metrics.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "metrics/format_value.hpp"
#include "metrics/messages.hpp"
#include "metrics/relative_error.hpp"
#include "support/metric_string_makers.hpp"
#include "test_tensors.hpp"

namespace msprobe::metrics {
namespace {

using namespace testing;
namespace msg = message;

// Expected cell: a number, "Nan", or a placeholder.
struct Expect {
    MetricCell cell;
    Expect(double v) : cell(MetricCell::number(v)) {}  // NOLINT
    Expect(MetricState s) : cell(MetricCell::placeholder(s)) {}  // NOLINT
};
const Expect kNanCell{kNan};
const MetricState kUnsupported = MetricState::Unsupported;

std::string describe(const MetricCell& c) {
    if (!c.is_number()) return std::string(placeholder_text(c.state));
    if (std::isnan(c.value)) return "Nan";
    char text[64];
    std::snprintf(text, sizeof text, "%.17g", c.value);
    return text;
}

// Checks the six cells (EucDist to 1e-12 relative, the others exactly) and the message.
void check_metrics(const PairMetrics& m, const Expect& cosine, const Expect& euc, const Expect& max_abs,
                   const Expect& max_rel, const Expect& one, const Expect& five, const std::string& message) {
    INFO("cosine " << describe(m.cosine) << " euc " << describe(m.euc_dist) << " maxabs " << describe(m.max_abs_err)
                   << " maxrel " << describe(m.max_relative_err) << " 1e-3 " << describe(m.one_thousandth_err_ratio)
                   << " 5e-3 " << describe(m.five_thousandths_err_ratio) << " message [" << m.message << "]");
    CHECK(m.cosine == cosine.cell);
    if (euc.cell.is_number() && !euc.cell.is_nan() && m.euc_dist.is_number()) {
        CHECK(m.euc_dist.value == Approx(euc.cell.value).epsilon(1e-12).margin(1e-300));
    } else {
        CHECK(m.euc_dist == euc.cell);
    }
    CHECK(m.max_abs_err == max_abs.cell);
    CHECK(m.max_relative_err == max_rel.cell);
    CHECK(m.one_thousandth_err_ratio == one.cell);
    CHECK(m.five_thousandths_err_ratio == five.cell);
    CHECK(m.message == message);
}

// Every test runs with the scalar reference and with the best SIMD kernel.
std::vector<KernelIsa> kernels() {
    std::vector<KernelIsa> k{KernelIsa::Scalar};
    if (best_kernel_isa() != KernelIsa::Scalar) k.push_back(best_kernel_isa());
    return k;
}

PairMetrics run(const TensorView& n, const TensorView& b, KernelIsa isa, bool strict = false) {
    CompareOptions options;
    options.kernel = isa;
    options.strict_compat = strict;
    return compare_tensors(n, b, options);
}

TEST_CASE("worked examples of spec §7.3", "[metrics][spec]") {
    for (KernelIsa isa : kernels()) {
        INFO("kernel " << kernel_isa_name(isa));
        const auto F32 = DType::Float32, F64 = DType::Float64, F16 = DType::Float16;
        check_metrics(run(make_tensor(F32, {1, 2, 3, 4.5}), make_tensor(F32, {1, 2, 3, 4}), isa), 0.998295384125, 0.5,
                      0.5, 0.125, 0.75, 0.75, "");
        check_metrics(run(make_tensor(F32, {1, 2, 3}), make_tensor(F32, {1, 2, 3.5}), isa), 0.997408650736, 0.5, 0.5,
                      0.142857149243, 0.666666666667, 0.666666666667, "");
        check_metrics(run(make_tensor(F64, {1, 1.0005, 1.003, 1.01}), make_tensor(F64, {1, 1, 1, 1}), isa), 0.999992,
                      0.01045227248018341, 0.01, 0.01, 0.5, 0.75, "");
        check_metrics(run(make_tensor(F32, {1, 1.0005, 1.003, 1.01}), make_tensor(F32, {1, 1, 1, 1}), isa), 0.999992,
                      0.010452267644505039, 0.009999990463, 0.009999990463, 0.5, 0.75, "");
        check_metrics(run(make_tensor(F32, {1, kInf, 3}), make_tensor(F32, {1, kInf, 2}), isa), 0.989949493661, 1.0,
                      1.0, 0.5, 0.666666666667, 0.666666666667, "");
        check_metrics(run(make_tensor(F32, {1, -1}), make_tensor(F32, {-1, 1}), isa), -1.0, 2.8284271247461903, 2.0,
                      2.0, 0.0, 0.0, "");
        check_metrics(run(make_tensor(F64, {3, -4}), make_tensor(F64, {3, 4}), isa), -0.28, 8.0, 8.0, 2.0, 0.5, 0.5,
                      "");
        // float16 zeros: 0/0 = NaN in the relative error (REF-BUG #6, parity).
        check_metrics(run(make_tensor(F16, {0, 1, 2, 3}), make_tensor(F16, {0, 1, 2, 3}), isa), 1.0, 0.0, 0.0,
                      kNanCell, 0.75, 0.75, std::string(msg::kMaxRelativeErrNan));
        check_metrics(run(make_tensor(F16, {1, 0}), make_tensor(F32, {1, 0}), isa), 1.0, 0.0, 0.0, 1.0, 0.5, 0.5,
                      std::string(msg::kDtypeMismatch));
        check_metrics(run(make_tensor(DType::Bool, {1, 0, 1}), make_tensor(DType::Bool, {1, 1, 1}), isa),
                      0.816496580928, 1.0, 1.0, 1.0, 0.666666666667, 0.666666666667, "");
        check_metrics(run(make_tensor(DType::Int64, {1, 2, 3}), make_tensor(DType::Int64, {1, 2, 4}), isa),
                      0.991460133984, 1.0, 1.0, 0.25, 0.666666666667, 0.666666666667, "");
        check_metrics(run(scalar_tensor(F32, 2.5), scalar_tensor(F32, 2.0), isa), kUnsupported, kUnsupported, 0.5,
                      0.25, kUnsupported, kUnsupported, std::string(msg::kZeroDimTensor));
        check_metrics(run(make_tensor(F32, {5}), make_tensor(F32, {4}), isa), kUnsupported, 1.0, 1.0, 0.25, 0.0, 0.0,
                      std::string(msg::kLengthOneTensor));
        check_metrics(run(make_tensor(F32, {0, 0, 0}), make_tensor(F32, {1, 2, 2}), isa), kNanCell, 3.0, 2.0, 1.0,
                      0.0, 0.0, std::string(msg::kCosineNpuAllZero));
        check_metrics(run(make_tensor(F32, {1, 2}), make_tensor(F32, {1, 2}), isa), 1.0, 0.0, 0.0, 0.0, 1.0, 1.0, "");
    }
}

TEST_CASE("metric vectors of spec §15.1", "[metrics][spec]") {
    for (KernelIsa isa : kernels()) {
        INFO("kernel " << kernel_isa_name(isa));
        const auto I64 = DType::Int64, F32 = DType::Float32;
        check_metrics(run(make_tensor(I64, {1, 1}), make_tensor(I64, {1, 1}), isa), 1.0, 0.0, 0.0, 0.0, 1.0, 1.0, "");
        check_metrics(run(make_tensor(F32, {1, 2, 3, 4}), make_tensor(F32, {1, 2, 3, 4}), isa), 1.0, 0.0, 0.0, 0.0,
                      1.0, 1.0, "");
        CHECK(run(make_tensor(I64, {1, 2}), make_tensor(I64, {1, 2}), isa).cosine == MetricCell::number(1.0));
        const PairMetrics zeros = run(make_tensor(I64, {0, 0}), make_tensor(I64, {0, 0}), isa);
        CHECK(zeros.cosine == MetricCell::number(1.0));
        CHECK(zeros.message.empty());

        const PairMetrics npu_zero = run(make_tensor(I64, {0, 0}), make_tensor(I64, {1, 2}), isa);
        CHECK(npu_zero.cosine.is_nan());
        CHECK(npu_zero.message == msg::kCosineNpuAllZero);
        const PairMetrics bench_zero = run(make_tensor(I64, {1, 2}), make_tensor(I64, {0, 0}), isa);
        CHECK(bench_zero.cosine.is_nan());
        CHECK(bench_zero.message == msg::kCosineBenchAllZero);
        CHECK(bench_zero.max_abs_err == MetricCell::number(2.0));

        const PairMetrics single = run(make_tensor(I64, {1}), make_tensor(I64, {1}), isa);
        CHECK(single.cosine == MetricCell::placeholder(MetricState::Unsupported));
        CHECK(single.message == msg::kLengthOneTensor);

        check_metrics(run(scalar_tensor(I64, 1), scalar_tensor(I64, 1), isa), kUnsupported, kUnsupported, 0.0, 0.0,
                      kUnsupported, kUnsupported, std::string(msg::kZeroDimTensor));

        const PairMetrics half_off = run(make_tensor(I64, {1, 2}), make_tensor(I64, {1, 1}), isa);
        CHECK(half_off.max_relative_err == MetricCell::number(1.0));
        CHECK(half_off.one_thousandth_err_ratio == MetricCell::number(0.5));
        CHECK(half_off.five_thousandths_err_ratio == MetricCell::number(0.5));

        const PairMetrics far = run(make_tensor(I64, {1, 2, 3}), make_tensor(I64, {4, 5, 6}), isa);
        CHECK(far.euc_dist.value == Approx(5.196152422706632).epsilon(1e-12));
    }
}

TEST_CASE("pre-check vectors of spec §15.2", "[metrics][spec]") {
    for (KernelIsa isa : kernels()) {
        INFO("kernel " << kernel_isa_name(isa));
        const auto I64 = DType::Int64, F64 = DType::Float64;
        check_metrics(run(make_tensor(I64, {1, 2, 3, 4}), make_tensor(I64, {1, 2, 3, 4}), isa), 1.0, 0.0, 0.0, 0.0,
                      1.0, 1.0, "");

        const PairMetrics empty = run(make_tensor(F64, {}), make_tensor(F64, {1, 2, 3, 4, 5}), isa);
        check_metrics(empty, kUnsupported, kUnsupported, kUnsupported, kUnsupported, kUnsupported, kUnsupported,
                      std::string(msg::kEmptyData));
        CHECK(empty.error == PairError::EmptyData);
        CHECK_FALSE(empty.npu_statistics.has_value());

        const auto unmatched = MetricState::ShapeUnmatched;
        const PairMetrics shapes = run(make_tensor(I64, {1, 2, 3, 4}), make_tensor(I64, {1, 2, 3, 4, 5}), isa);
        check_metrics(shapes, unmatched, unmatched, unmatched, unmatched, unmatched, unmatched,
                      std::string(msg::kShapeMismatch));
        CHECK(shapes.error == PairError::ShapeMismatch);
        // [[1,2],[3,4]] vs [[1,2,3],[3,4,5]]
        CHECK(run(make_tensor(I64, {1, 2, 3, 4}, {2, 2}), make_tensor(I64, {1, 2, 3, 3, 4, 5}, {2, 3}), isa).error ==
              PairError::ShapeMismatch);

        const auto na = MetricState::NotAvailable;
        const std::string position(msg::kInfNanPositionMismatch);
        check_metrics(run(make_tensor(F64, {1, 2, kInf, 4}), make_tensor(F64, {1, 2, 3, 4}), isa), na, na, na, na, na,
                      na, position);
        check_metrics(run(make_tensor(F64, {1, 2, 3, 4}), make_tensor(F64, {1, 2, kNan, 4}), isa), na, na, na, na, na,
                      na, position);
        // inf against nan at the same place: the masks differ.
        CHECK(run(make_tensor(F64, {1, kInf}), make_tensor(F64, {1, kNan}), isa).error ==
              PairError::InfNanPositionMismatch);
        // +inf against -inf matches.
        CHECK_FALSE(run(make_tensor(F64, {1, kInf, 2}), make_tensor(F64, {1, -kInf, 2}), isa).error.has_value());

        const PairMetrics dtypes = run(make_tensor(I64, {1, 2, 3, 4}), make_tensor(F64, {1, 2, 3, 4}), isa);
        CHECK(dtypes.message == msg::kDtypeMismatch);
        CHECK_FALSE(dtypes.error.has_value());

        // Matching nan / inf positions are zeroed in both arrays: [1,2,0,4] each.
        for (double special : {kNan, kInf}) {
            const PairMetrics zeroed =
                run(make_tensor(F64, {1, 2, special, 4}), make_tensor(F64, {1, 2, special, 4}), isa);
            check_metrics(zeroed, 1.0, 0.0, 0.0, 0.0, 1.0, 1.0, "");
        }

        // 0-d bool: converted to float64, no other check.
        check_metrics(run(scalar_tensor(DType::Bool, 1), scalar_tensor(DType::Bool, 1), isa), kUnsupported,
                      kUnsupported, 0.0, 0.0, kUnsupported, kUnsupported, std::string(msg::kZeroDimTensor));
    }
}

TEST_CASE("relative error follows the native float type", "[metrics]") {
    for (KernelIsa isa : kernels()) {
        INFO("kernel " << kernel_isa_name(isa));
        // float32 1e-8 against 0: (1e-8 + eps - eps) / eps in float32.
        const PairMetrics tiny = run(make_tensor(DType::Float32, {1e-8, 1}), make_tensor(DType::Float32, {0, 1}), isa);
        CHECK(tiny.max_relative_err == MetricCell::number(45035996.0));
        // float32 zeros against zeros: eps/eps - 1 = 0, no NaN.
        const PairMetrics zeros = run(make_tensor(DType::Float32, {1, 0}), make_tensor(DType::Float32, {1, 0}), isa);
        CHECK(zeros.max_relative_err == MetricCell::number(0.0));
        CHECK(zeros.one_thousandth_err_ratio == MetricCell::number(1.0));
        // bfloat16 is float32 once loaded: no dtype message against float32.
        const PairMetrics bf = run(make_tensor(DType::BFloat16, {1, 2}), make_tensor(DType::Float32, {1, 2}), isa);
        CHECK(bf.message.empty());
        // float16 relative errors are rounded to float16: |3 - 7| / 7 is
        // 0.5712890625 in float16 (0.5714286 in float32).
        const PairMetrics half = run(make_tensor(DType::Float16, {3, 2}), make_tensor(DType::Float16, {7, 2}), isa);
        CHECK(half.max_relative_err == MetricCell::number(0.5712890625));
        // An int64 NPU tensor against float32 bench: rel in float64.
        const PairMetrics mixed = run(make_tensor(DType::Int64, {3, 1}), make_tensor(DType::Float32, {0, 1}), isa);
        CHECK(mixed.max_relative_err == MetricCell::number(format_value((3.0 - 0x1p-52) / 0x1p-52)));
        CHECK(mixed.message == msg::kDtypeMismatch);
    }
}

TEST_CASE("ratio thresholds are converted to the relative error's type", "[metrics]") {
    CHECK(ratio_thresholds(Precision::Half).one_thousandth == 0.0010004043579101562);
    CHECK(ratio_thresholds(Precision::Half).five_thousandths == 0.005001068115234375);
    CHECK(ratio_thresholds(Precision::Single).one_thousandth == 0.0010000000474974513);
    CHECK(ratio_thresholds(Precision::Single).five_thousandths == 0.004999999888241291);
    CHECK(ratio_thresholds(Precision::Double).one_thousandth == 0.001);
}

TEST_CASE("0-d tensors: native arithmetic and the message", "[metrics]") {
    const std::string sentence(msg::kZeroDimTensor);
    SECTION("sentence once by default, 16 times in strict mode (REF-BUG #5)") {
        const auto n = scalar_tensor(DType::Float32, 1);
        CHECK(run(n, n, KernelIsa::Scalar).message == sentence);
        std::string sixteen;
        for (int i = 0; i < 16; ++i) sixteen += sentence;
        CHECK(run(n, n, KernelIsa::Scalar, true).message == sixteen);
    }
    SECTION("strict mode interleaves the NaN messages: 16M + 4X + 4Y") {
        const auto n = scalar_tensor(DType::Float32, kNan);
        const auto b = scalar_tensor(DType::Float32, 1);
        const PairMetrics m = run(n, b, KernelIsa::Scalar, true);
        std::string quarter;
        for (int i = 0; i < 4; ++i) quarter += sentence;
        quarter += std::string(msg::kMaxAbsErrNan) + std::string(msg::kMaxRelativeErrNan);
        CHECK(m.message == quarter + quarter + quarter + quarter);
        CHECK(m.max_abs_err.is_nan());
        CHECK(run(n, b, KernelIsa::Scalar).message ==
              sentence + std::string(msg::kMaxAbsErrNan) + std::string(msg::kMaxRelativeErrNan));
    }
    SECTION("no inf/nan zeroing, no dtype check") {
        const PairMetrics m = run(scalar_tensor(DType::Float64, kInf), scalar_tensor(DType::Float32, kInf),
                                  KernelIsa::Scalar);
        CHECK(m.max_abs_err.is_nan());  // inf - inf
        CHECK(m.message == sentence + std::string(msg::kMaxAbsErrNan) + std::string(msg::kMaxRelativeErrNan));
    }
    SECTION("integers wrap like NumPy's fixed-width types") {
        CHECK(run(scalar_tensor(DType::Int8, 100), scalar_tensor(DType::Int8, -100), KernelIsa::Scalar).max_abs_err ==
              MetricCell::number(56.0));
        CHECK(run(scalar_tensor(DType::UInt8, 1), scalar_tensor(DType::UInt8, 2), KernelIsa::Scalar).max_abs_err ==
              MetricCell::number(255.0));
        CHECK(run(scalar_tensor(DType::Int8, -128), scalar_tensor(DType::Int8, 0), KernelIsa::Scalar).max_abs_err ==
              MetricCell::number(-128.0));
        // int8 with uint8 promotes to int16: no wrap.
        CHECK(run(scalar_tensor(DType::Int8, 100), scalar_tensor(DType::UInt8, 200), KernelIsa::Scalar).max_abs_err ==
              MetricCell::number(100.0));
    }
    SECTION("float16 difference rounded to float16") {
        // 0.1 and 0.2 in float16 are 0.0999755859375 and 0.199951171875; their
        // difference 0.0999755859375 is exact.
        const PairMetrics m =
            run(scalar_tensor(DType::Float16, 0.2), scalar_tensor(DType::Float16, 0.1), KernelIsa::Scalar);
        CHECK(m.max_abs_err == MetricCell::number(format_value(0.0999755859375)));
    }
    SECTION("a 0-d NPU value broadcasts against a shaped bench, as in NumPy") {
        const PairMetrics m = run(scalar_tensor(DType::Float32, 1), make_tensor(DType::Float32, {1, 3, 0.5}),
                                  KernelIsa::Scalar);
        CHECK(m.max_abs_err == MetricCell::number(2.0));
        CHECK(m.max_relative_err == MetricCell::number(1.0));  // |1 - 0.5| / 0.5
        const PairMetrics with_nan = run(scalar_tensor(DType::Float32, 1),
                                         make_tensor(DType::Float32, {1, kNan, 5}), KernelIsa::Scalar);
        CHECK(with_nan.max_abs_err.is_nan());
        CHECK(with_nan.max_relative_err.is_nan());
        // Empty bench: msprobe raises inside np.max; here both are Nan.
        const PairMetrics empty = run(scalar_tensor(DType::Float32, 1), make_tensor(DType::Float32, {}),
                                      KernelIsa::Scalar);
        CHECK(empty.max_abs_err.is_nan());
        CHECK_FALSE(empty.bench_statistics.has_value());
    }
    SECTION("statistics of both sides") {
        const PairMetrics m =
            run(scalar_tensor(DType::Float32, 2.5), scalar_tensor(DType::Float32, -2), KernelIsa::Scalar);
        REQUIRE(m.npu_statistics);
        CHECK(m.npu_statistics->max == 2.5);
        CHECK(m.npu_statistics->l2norm == 2.5);
        CHECK(m.bench_statistics->min == -2.0);
        CHECK(m.bench_statistics->mean == -2.0);
    }
}

TEST_CASE("statistics of both sides come from the same pass", "[metrics]") {
    for (KernelIsa isa : kernels()) {
        INFO("kernel " << kernel_isa_name(isa));
        const PairMetrics m =
            run(make_tensor(DType::Float32, {1, 2, 3, 4.5}), make_tensor(DType::Float32, {-1, 2, 3, 4}), isa);
        REQUIRE(m.npu_statistics);
        REQUIRE(m.bench_statistics);
        CHECK(m.npu_statistics->max == 4.5);
        CHECK(m.npu_statistics->min == 1.0);
        CHECK(m.npu_statistics->mean == 2.625);
        CHECK(m.npu_statistics->l2norm == Approx(std::sqrt(34.25)).epsilon(1e-15));
        CHECK(m.bench_statistics->min == -1.0);
        CHECK(m.bench_statistics->mean == 2.0);

        // Raw statistics keep inf and nan even though the metrics zero them.
        const PairMetrics inf =
            run(make_tensor(DType::Float32, {1, kInf, -5}), make_tensor(DType::Float32, {1, kInf, 2}), isa);
        CHECK(inf.npu_statistics->max == kInf);
        CHECK(inf.npu_statistics->min == -5.0);
        CHECK(inf.npu_statistics->mean == kInf);
        CHECK(inf.npu_statistics->l2norm == kInf);
        const PairMetrics both =
            run(make_tensor(DType::Float64, {-kInf, kInf}), make_tensor(DType::Float64, {kInf, kInf}), isa);
        CHECK(std::isnan(both.npu_statistics->mean));
        CHECK(both.npu_statistics->min == -kInf);
        const PairMetrics nan =
            run(make_tensor(DType::Float64, {1, kNan}), make_tensor(DType::Float64, {1, kNan}), isa);
        CHECK(std::isnan(nan.npu_statistics->max));
        CHECK(std::isnan(nan.npu_statistics->l2norm));
        CHECK(nan.cosine == MetricCell::number(1.0));
        // Positions differ: metrics N/A, statistics still there.
        const PairMetrics differ =
            run(make_tensor(DType::Float64, {1, kNan}), make_tensor(DType::Float64, {1, 2}), isa);
        CHECK(differ.error == PairError::InfNanPositionMismatch);
        REQUIRE(differ.bench_statistics);
        CHECK(differ.bench_statistics->max == 2.0);
    }
}

TEST_CASE("strided and multi-dimensional views", "[metrics]") {
    for (KernelIsa isa : kernels()) {
        INFO("kernel " << kernel_isa_name(isa));
        // The transpose of [[1,2,3],[4,5,6]] is [[1,4],[2,5],[3,6]].
        const TensorView transposed = transposed_view(DType::Float32, {1, 2, 3, 4, 5, 6}, 2, 3);
        const TensorView expected = make_tensor(DType::Float32, {1, 4, 2, 5, 3, 6}, {3, 2});
        const TensorView bench = make_tensor(DType::Float32, {1, 4, 2, 5, 3, 7}, {3, 2});
        const PairMetrics a = run(transposed, bench, isa);
        const PairMetrics b = run(expected, bench, isa);
        CHECK(a.cosine == b.cosine);
        CHECK(a.euc_dist == b.euc_dist);
        CHECK(a.max_relative_err == MetricCell::number(format_value(static_cast<double>(1.0f / 7.0f))));
        CHECK(a.max_relative_err == b.max_relative_err);
    }
}

TEST_CASE("error cells of spec §7.4", "[metrics]") {
    CHECK(cell_state_for(PairError::NoDataFile) == MetricState::Unsupported);
    CHECK(cell_state_for(PairError::BenchUnmatched) == MetricState::Unsupported);
    CHECK(cell_state_for(PairError::ReadFailure) == MetricState::Unsupported);
    CHECK(cell_state_for(PairError::Unreadable) == MetricState::Unsupported);
    CHECK(cell_state_for(PairError::EmptyData) == MetricState::Unsupported);
    CHECK(cell_state_for(PairError::ShapeMismatch) == MetricState::ShapeUnmatched);
    CHECK(cell_state_for(PairError::InfNanPositionMismatch) == MetricState::NotAvailable);
    const PairMetrics m = error_metrics(PairError::NoDataFile, std::string(msg::kNpuHasNoDataFile));
    CHECK(m.five_thousandths_err_ratio == MetricCell::placeholder(MetricState::Unsupported));
    CHECK(m.message == "NPU does not have data file.");
    CHECK(dump_file_read_failed("fake file") == "Dump file: fake file not found or read failed.");
    CHECK(placeholder_text(MetricState::NotAvailable) == "N/A");
}

}  // namespace
}  // namespace msprobe::metrics
