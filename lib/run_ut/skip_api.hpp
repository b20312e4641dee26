#pragma once
// The one way run_ut says "this API is not run": its text becomes the SKIP
// row's message, word for word. (Exceptions from libtorch's kernels are
// reported the same way, with their own text.)
#include <stdexcept>

namespace msprobe::run_ut {

struct SkipApi : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace msprobe::run_ut
