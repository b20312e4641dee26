#pragma once
// A proof, on this machine and before a SIMD kernel computes anything, that it
// reproduces the scalar reference bit for bit: a small fixed set of
// adversarial blocks (inf/nan at equal and unequal positions, +-0, subnormals,
// squares that overflow, odd tail lengths) for every vectorised dtype pair.
// It catches what the test suite cannot see when it ran on another CPU: a
// defect of the compiler, of xsimd (8.1 computes the xor of AVX-512 masks as
// an or) or of the CPU in the one instruction set that runs here.
#include "metrics/kernel_isa.hpp"

namespace msprobe::metrics {

// Where the block kernels of an instruction set come from: find_block_kernel
// in production; a test hands in kernels of its own.
using KernelFinder = BlockKernel (*)(KernelIsa isa, tensor::DType npu, tensor::DType bench, RelativeEpsilon epsilon);

// Every block kernel `find` gives for `isa`, under either epsilon rule, adds
// exactly what reference_accumulate_contiguous() adds, on every block of the fixed set.
// Scalar always passes (it is the reference). Takes microseconds.
bool kernel_passes_self_check(KernelIsa isa, KernelFinder find = find_block_kernel);

}  // namespace msprobe::metrics
