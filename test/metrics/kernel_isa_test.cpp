// The instruction sets by name, and what holds on every machine: the scalar
// reference is always there, first, and has no block kernel.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "metrics/kernel_isa.hpp"
#include "support/metric_string_makers.hpp"

using namespace msprobe::metrics;

TEST_CASE("every set has a name that leads back to it, other spellings name none", "[metrics][kernel_isa]") {
    const std::vector<std::pair<KernelIsa, std::string>> names = {{KernelIsa::Scalar, "scalar"},
                                                                  {KernelIsa::Sse2, "sse2"},
                                                                  {KernelIsa::Avx2, "avx2"},
                                                                  {KernelIsa::Avx512, "avx512"},
                                                                  {KernelIsa::Neon, "neon"}};
    for (const auto& [isa, name] : names) {
        CHECK(kernel_isa_name(isa) == name);
        CHECK(kernel_isa_named(name) == isa);
    }
    CHECK_FALSE(kernel_isa_named("AVX2"));
    CHECK_FALSE(kernel_isa_named("avx"));
    CHECK_FALSE(kernel_isa_named(""));
}

TEST_CASE("the scalar reference is always available, narrowest, and has no block kernel", "[metrics][kernel_isa]") {
    CHECK(kernel_isa_available(KernelIsa::Scalar));
    const auto isas = available_kernel_isas();
    REQUIRE_FALSE(isas.empty());
    CHECK(isas.front() == KernelIsa::Scalar);
    CHECK(isas.back() == best_kernel_isa());
    CHECK(narrower_kernel_isa(KernelIsa::Scalar) == KernelIsa::Scalar);
    CHECK(find_block_kernel(KernelIsa::Scalar, msprobe::tensor::DType::Float32, msprobe::tensor::DType::Float32) ==
          nullptr);
#if defined(__x86_64__)
    CHECK(kernel_isa_available(KernelIsa::Sse2));  // the x86-64 baseline
    CHECK_FALSE(kernel_isa_available(KernelIsa::Neon));
    CHECK(find_block_kernel(KernelIsa::Sse2, msprobe::tensor::DType::Float32, msprobe::tensor::DType::Float32) !=
          nullptr);
    CHECK(find_block_kernel(KernelIsa::Neon, msprobe::tensor::DType::Float32, msprobe::tensor::DType::Float32) ==
          nullptr);
#endif
}
