// The passes of vector_passes.hpp compiled for avx2 (see CMakeLists.txt).
#define MSPROBE_PASSES_NAMESPACE passes_avx2
#include "kernel_dump_compare/vector_passes_impl.hpp"
