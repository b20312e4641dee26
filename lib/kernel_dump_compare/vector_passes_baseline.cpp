// The passes of vector_passes.hpp compiled for the build's baseline instruction set.
#define MSPROBE_PASSES_NAMESPACE passes_baseline
#include "kernel_dump_compare/vector_passes_impl.hpp"
