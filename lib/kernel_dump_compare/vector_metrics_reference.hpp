#pragma once
// The plain reference of vector_metrics: each of msaccucmp's algorithms on its
// own, one NumPy operation after another, as alg_*.py reads. compare_vectors
// computes the same cells in three fused passes; tests hold the two equal.
#include "kernel_dump_compare/vector_metrics.hpp"

namespace msprobe::kernel_dump_compare {

VectorMetrics compare_vectors_reference(const VectorPair& pair);

}  // namespace msprobe::kernel_dump_compare
