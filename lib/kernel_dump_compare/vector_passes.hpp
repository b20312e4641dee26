#pragma once
// The data passes of compare_vectors (vector_metrics.cpp): each sum in NumPy's
// order, the extremes NaN-propagating. The same source is compiled once per
// instruction set (vector_passes_<set>.cpp: the build's baseline, AVX2,
// AVX-512); every lane performs the same IEEE float32 operations in the same
// order, so all of them give the same bits, and vector_passes() picks the
// widest the metric kernel's selection allows (MSPROBE_KERNEL_ISA, its
// self-check).
#include <array>
#include <cstddef>
#include <vector>

namespace msprobe::kernel_dump_compare {

// alg_KullbackLeiblerDivergence._normalized's scaling of one side.
struct KlScaling {
    float min = 0, range = 0;
};

struct FirstPassTotals {
    std::array<float, 5> sums{};  // x², y², relative error, |x - y|, (x - y)²
    float max_abs = 0, max_rel = 0, min_x = 0, max_x = 0, min_y = 0, max_y = 0;  // NaN when a value was
};

struct VectorPasses {
    FirstPassTotals (*first)(const float* x, const float* y, std::size_t n);
    std::array<double, 2> (*double_sums)(const float* x, const float* y, std::size_t n);
    // The cosine's normalized products and the KL sides' scaled values.
    std::array<float, 3> (*second)(const float* x, const float* y, std::size_t n, float norm_x, float norm_y,
                                   KlScaling p, KlScaling q);
    float (*kl)(const float* x, const float* y, std::size_t n, KlScaling p, KlScaling q, float sum_p, float sum_q);
    std::array<double, 2> (*deviations)(const float* x, const float* y, std::size_t n, double mean_x, double mean_y);
};

// The passes of the widest set allowed on this machine.
const VectorPasses& vector_passes();

// Each compiled set's passes, for tests that hold them equal: the baseline's first.
struct NamedPasses {
    const char* name;
    const VectorPasses* passes;
};
std::vector<NamedPasses> compiled_vector_passes();

}  // namespace msprobe::kernel_dump_compare
