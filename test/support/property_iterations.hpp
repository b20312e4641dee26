#pragma once
// How many random cases a property test runs: its own count, or fewer when
// MSPROBE_PROPERTY_ITERATIONS says so (emulated runs, e.g. scripts/test-aarch64.sh,
// are too slow for the full count).
#include <algorithm>
#include <cstdlib>

namespace msprobe::testing {

inline int property_iterations(int full_count) {
    const char* value = std::getenv("MSPROBE_PROPERTY_ITERATIONS");
    if (value == nullptr || *value == '\0') return full_count;
    return std::clamp(std::atoi(value), 1, full_count);
}

}  // namespace msprobe::testing
