#pragma once
// float16 arithmetic as NumPy performs it: every operation is computed in
// float32 and rounded to float16. The conversions are lib/tensor's
// (bit-exact, round to nearest even), shared by readers and metrics.
#include <cstdint>

#include "tensor/half.hpp"

namespace msprobe::metrics {

using tensor::bfloat16_to_float;
using tensor::float_to_half;
using tensor::half_to_float;

// The float16 value nearest to `value`, back in float32.
inline float round_to_half(float value) { return half_to_float(float_to_half(value)); }

}  // namespace msprobe::metrics
