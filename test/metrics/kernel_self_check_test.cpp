// The self-check a SIMD kernel must pass before it runs: kernels handed in
// here are the scalar reference itself, or that reference with one planted
// defect (a lost tail element, a partial that forgets what it held).
#include <catch2/catch.hpp>

#include "metrics/kernel_isa.hpp"
#include "metrics/kernel_self_check.hpp"
#include "metrics/scalar_reference.hpp"

namespace msprobe::metrics {
namespace {

using tensor::DType;

void reference_f32(const std::byte* npu, const std::byte* bench, std::int64_t count, PairPartial& into) {
    reference_accumulate_contiguous(npu, DType::Float32, bench, DType::Float32, count, into);
}

// Loses the last element of every block of odd length.
void drops_odd_tail(const std::byte* npu, const std::byte* bench, std::int64_t count, PairPartial& into) {
    reference_f32(npu, bench, count % 2 == 1 ? count - 1 : count, into);
}

// Right on a fresh partial, wrong once the partial holds earlier blocks.
void forgets_earlier_blocks(const std::byte* npu, const std::byte* bench, std::int64_t count, PairPartial& into) {
    into = PairPartial{};
    reference_f32(npu, bench, count, into);
}

void reference_f32_august(const std::byte* npu, const std::byte* bench, std::int64_t count, PairPartial& into) {
    reference_accumulate_contiguous(npu, DType::Float32, bench, DType::Float32, count, into,
                                    RelativeEpsilon::OfComputeType);
}

// `kernel` for float32 pairs under April's epsilon; no kernel otherwise.
BlockKernel only_f32(DType npu, DType bench, RelativeEpsilon epsilon, BlockKernel kernel) {
    return npu == DType::Float32 && bench == DType::Float32 && epsilon == RelativeEpsilon::Float64 ? kernel : nullptr;
}

BlockKernel finds_reference(KernelIsa, DType npu, DType bench, RelativeEpsilon epsilon) {
    if (npu == DType::Float32 && bench == DType::Float32 && epsilon == RelativeEpsilon::OfComputeType) {
        return &reference_f32_august;
    }
    return only_f32(npu, bench, epsilon, &reference_f32);
}
BlockKernel finds_odd_tail_defect(KernelIsa, DType npu, DType bench, RelativeEpsilon epsilon) {
    return only_f32(npu, bench, epsilon, &drops_odd_tail);
}
BlockKernel finds_forgetful(KernelIsa, DType npu, DType bench, RelativeEpsilon epsilon) {
    return only_f32(npu, bench, epsilon, &forgets_earlier_blocks);
}
// April's kernel whatever the rule asked for.
BlockKernel finds_april_for_every_rule(KernelIsa, DType npu, DType bench, RelativeEpsilon) {
    return only_f32(npu, bench, RelativeEpsilon::Float64, &reference_f32);
}
BlockKernel finds_nothing(KernelIsa, DType, DType, RelativeEpsilon) { return nullptr; }

TEST_CASE("the scalar reference passes its own check, and so does a set with no kernels", "[metrics][self_check]") {
    CHECK(kernel_passes_self_check(KernelIsa::Scalar));
    CHECK(kernel_passes_self_check(best_kernel_isa(), finds_nothing));
    CHECK(kernel_passes_self_check(best_kernel_isa(), finds_reference));
}

TEST_CASE("a kernel that loses an odd tail element fails", "[metrics][self_check]") {
    CHECK_FALSE(kernel_passes_self_check(best_kernel_isa(), finds_odd_tail_defect));
}

TEST_CASE("a kernel right block by block but wrong across blocks fails", "[metrics][self_check]") {
    CHECK_FALSE(kernel_passes_self_check(best_kernel_isa(), finds_forgetful));
}

TEST_CASE("a kernel that ignores August's epsilon fails", "[metrics][self_check]") {
    // The fixed blocks hold zeros in the bench against non-zero NPU values.
    CHECK_FALSE(kernel_passes_self_check(best_kernel_isa(), finds_april_for_every_rule));
}

TEST_CASE("every kernel this machine offers passes", "[metrics][self_check]") {
    for (KernelIsa isa : available_kernel_isas()) {
        INFO("kernel " << kernel_isa_name(isa));
        CHECK(kernel_passes_self_check(isa));
    }
}

}  // namespace
}  // namespace msprobe::metrics
