// Which instruction set the fused pass runs on: MSPROBE_KERNEL_ISA's
// override, and the self-check that makes a set whose kernel disagrees with
// the scalar reference give way to the next narrower one.
#include <catch2/catch.hpp>

#include <string>

#include "metrics/kernel_selection.hpp"
#include "metrics/scalar_reference.hpp"
#include "metrics/tensor_metrics.hpp"
#include "support/metric_string_makers.hpp"
#include "test_tensors.hpp"

namespace msprobe::metrics {
namespace {

using namespace testing;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string name_of(KernelIsa isa) { return std::string(kernel_isa_name(isa)); }

// ---- a planted kernel with the defect xsimd 8.1 has on AVX-512 ----

// The real kernel of the widest set, then every inf/nan reported as a
// position mismatch (what an xor computed as an or does).
template <DType Npu, DType Bench>
void mismatch_on_any_inf_nan(const std::byte* npu, const std::byte* bench, std::int64_t count, PairPartial& into) {
    find_block_kernel(best_kernel_isa(), Npu, Bench)(npu, bench, count, into);
    const auto any_special = [](const SideAccumulator& s) { return s.has_nan || s.has_pos_inf || s.has_neg_inf; };
    if (any_special(into.npu) || any_special(into.bench)) into.inf_nan_positions_differ = true;
}

template <DType Npu>
BlockKernel planted_with_bench(DType bench) {
    switch (bench) {
        case DType::Float16: return &mismatch_on_any_inf_nan<Npu, DType::Float16>;
        case DType::BFloat16: return &mismatch_on_any_inf_nan<Npu, DType::BFloat16>;
        case DType::Float32: return &mismatch_on_any_inf_nan<Npu, DType::Float32>;
        default: return nullptr;
    }
}

BlockKernel planted_kernel(DType npu, DType bench) {
    switch (npu) {
        case DType::Float16: return planted_with_bench<DType::Float16>(bench);
        case DType::BFloat16: return planted_with_bench<DType::BFloat16>(bench);
        case DType::Float32: return planted_with_bench<DType::Float32>(bench);
        case DType::Float64:
            return bench == DType::Float64 ? &mismatch_on_any_inf_nan<DType::Float64, DType::Float64> : nullptr;
        default: return nullptr;
    }
}

// The widest set's kernels are defective, the others real.
BlockKernel widest_defective(KernelIsa isa, DType npu, DType bench, RelativeEpsilon epsilon) {
    if (isa == best_kernel_isa() && isa != KernelIsa::Scalar) return planted_kernel(npu, bench);
    return find_block_kernel(isa, npu, bench, epsilon);
}

// Every SIMD set is defective.
BlockKernel all_defective(KernelIsa isa, DType npu, DType bench, RelativeEpsilon epsilon) {
    if (isa == KernelIsa::Scalar || find_block_kernel(isa, npu, bench, epsilon) == nullptr) return nullptr;
    return planted_kernel(npu, bench);
}

// nan and inf at the same positions on both sides: msprobe zeroes them and computes every metric.
std::pair<TensorView, TensorView> matching_inf_nan_pair() {
    std::vector<double> values;
    for (int i = 0; i < 100; ++i) values.push_back(0.01 * i - 0.3);
    values[7] = kNan;
    values[50] = kInf;
    values[93] = -kInf;
    std::vector<double> bench = values;
    bench[11] *= 1.002;
    return {make_tensor(DType::Float32, values), make_tensor(DType::Float32, bench)};
}

TEST_CASE("every kernel this machine offers passes the self-check", "[metrics][simd][selection]") {
    for (KernelIsa isa : available_kernel_isas()) {
        INFO("kernel " << kernel_isa_name(isa));
        CHECK(kernel_passes_self_check(isa));
    }
    const KernelChoice choice = choose_kernel_isa(nullptr);
    CHECK(choice.isa == best_kernel_isa());
    CHECK(choice.warnings.empty());
}

TEST_CASE("a kernel that reports matching inf/nan as mismatched fails the self-check", "[metrics][simd][selection]") {
    if (best_kernel_isa() == KernelIsa::Scalar) {
        WARN("no SIMD kernel on this machine: nothing to plant a defect into");
        return;
    }
    const KernelIsa widest = best_kernel_isa();
    const KernelIsa narrower = narrower_kernel_isa(widest);
    const auto [npu, bench] = matching_inf_nan_pair();

    // The planted defect does change the answer: every metric becomes N/A.
    const BlockKernel defective = planted_kernel(DType::Float32, DType::Float32);
    PairPartial from_defective;
    PairPartial from_reference;
    defective(npu.data, bench.data, npu.numel(), from_defective);
    reference_accumulate_contiguous(npu.data, DType::Float32, bench.data, DType::Float32, npu.numel(), from_reference);
    CHECK(from_defective.inf_nan_positions_differ);
    CHECK_FALSE(from_reference.inf_nan_positions_differ);
    CHECK_FALSE(kernel_passes_self_check(widest, widest_defective));

    SECTION("the next narrower set is used, with one warning naming the failed set") {
        const KernelChoice choice = choose_kernel_isa(nullptr, widest_defective);
        CHECK(choice.isa == narrower);
        REQUIRE(choice.warnings.size() == 1);
        CHECK(choice.warnings[0] == "the " + name_of(widest) +
                                        " metric kernel differs from the scalar reference on this machine; using " +
                                        name_of(narrower) + " instead");

        // ... and the compare with that set gives the reference's answer, metrics and all.
        CompareOptions options;
        options.kernel = choice.isa;
        const PairMetrics chosen = compare_tensors(npu, bench, options);
        options.kernel = KernelIsa::Scalar;
        const PairMetrics reference = compare_tensors(npu, bench, options);
        CHECK_FALSE(chosen.error.has_value());
        CHECK(chosen.message == reference.message);
        CHECK(chosen.cosine.value == reference.cosine.value);
        CHECK(chosen.max_abs_err.value == reference.max_abs_err.value);
        CHECK(chosen.max_relative_err.value == reference.max_relative_err.value);
        CHECK(chosen.one_thousandth_err_ratio.value == reference.one_thousandth_err_ratio.value);
        CHECK(chosen.max_relative_err.value > 0.0);  // a real answer, not N/A
    }
    SECTION("an override naming the defective set falls back the same way") {
        const std::string requested = name_of(widest);
        const KernelChoice choice = choose_kernel_isa(requested.c_str(), widest_defective);
        CHECK(choice.isa == narrower);
        CHECK(choice.warnings.size() == 1);
    }
    SECTION("when every SIMD set is defective the scalar reference runs, one warning per set") {
        const KernelChoice choice = choose_kernel_isa(nullptr, all_defective);
        CHECK(choice.isa == KernelIsa::Scalar);
        CHECK(choice.warnings.size() == available_kernel_isas().size() - 1);
        for (KernelIsa isa : available_kernel_isas()) {
            if (isa == KernelIsa::Scalar) continue;
            bool named = false;
            for (const std::string& warning : choice.warnings)
                named = named || contains(warning, "the " + name_of(isa) + " ");
            CHECK(named);
        }
    }
}

TEST_CASE("MSPROBE_KERNEL_ISA forces one available set", "[metrics][selection]") {
    for (KernelIsa isa : available_kernel_isas()) {
        const std::string name = name_of(isa);
        const KernelChoice choice = requested_kernel_isa(name.c_str());
        CHECK(choice.isa == isa);
        CHECK(choice.warnings.empty());
        CHECK(kernel_isa_named(name) == isa);
    }
    for (const char* unset : {static_cast<const char*>(nullptr), ""}) {
        const KernelChoice choice = requested_kernel_isa(unset);
        CHECK(choice.isa == best_kernel_isa());
        CHECK(choice.warnings.empty());
    }
}

TEST_CASE("MSPROBE_KERNEL_ISA with an unknown or unavailable set warns once and uses the widest",
          "[metrics][selection]") {
    const std::string widest = name_of(best_kernel_isa());
    KernelChoice choice = requested_kernel_isa("avx-512");
    CHECK(choice.isa == best_kernel_isa());
    REQUIRE(choice.warnings.size() == 1);
    CHECK(choice.warnings[0] ==
          "MSPROBE_KERNEL_ISA=avx-512 is not one of scalar, sse2, avx2, avx512, neon; using " + widest + " instead");

    // A set of the other architecture is never available.
    const KernelIsa foreign = kernel_isa_available(KernelIsa::Neon) ? KernelIsa::Avx2 : KernelIsa::Neon;
    const std::string foreign_name = name_of(foreign);
    choice = requested_kernel_isa(foreign_name.c_str());
    CHECK(choice.isa == best_kernel_isa());
    REQUIRE(choice.warnings.size() == 1);
    CHECK(choice.warnings[0] ==
          "MSPROBE_KERNEL_ISA=" + foreign_name + " is not available on this machine; using " + widest + " instead");
}

TEST_CASE("narrower sets: avx512 -> avx2 -> sse2 -> scalar, neon -> scalar", "[metrics][selection]") {
    const std::vector<KernelIsa> isas = available_kernel_isas();
    REQUIRE(isas.front() == KernelIsa::Scalar);
    for (std::size_t i = 1; i < isas.size(); ++i) CHECK(narrower_kernel_isa(isas[i]) == isas[i - 1]);
    CHECK(narrower_kernel_isa(KernelIsa::Scalar) == KernelIsa::Scalar);
    if (kernel_isa_available(KernelIsa::Neon))
        CHECK(isas == std::vector<KernelIsa>{KernelIsa::Scalar, KernelIsa::Neon});
    if (kernel_isa_available(KernelIsa::Sse2)) CHECK(isas[1] == KernelIsa::Sse2);
}

}  // namespace
}  // namespace msprobe::metrics
