// NumPy's float arithmetic on doubles: rounding to the array dtype, machine
// epsilon, and np.sum/np.mean with the accumulator in the array's dtype.
#include <catch2/catch.hpp>

#include <vector>

#include "precision/numpy_float.hpp"

using namespace msprobe::precision;

TEST_CASE("round_to rounds to the dtype's nearest value", "[precision][numpy_float]") {
    CHECK(round_to(Fp::F16, 0.1) == 0.0999755859375);
    CHECK(round_to(Fp::F32, 0.1) == 0.100000001490116119384765625);
    CHECK(round_to(Fp::F64, 0.1) == 0.1);
    CHECK(round_to(Fp::F16, 65519.0) == 65504.0);  // below the midpoint to 65536
    CHECK(round_to_bfloat16(1.00390625) == 1.0);   // the halfway case goes to even
    CHECK(round_to_bfloat16(3.14159) == 3.140625);
}

TEST_CASE("machine epsilon and the wider of two dtypes", "[precision][numpy_float]") {
    CHECK(machine_epsilon(Fp::F16) == 0.0009765625);
    CHECK(machine_epsilon(Fp::F32) == 1.1920928955078125e-07);
    CHECK(machine_epsilon(Fp::F64) == 2.220446049250313e-16);
    CHECK(wider(Fp::F16, Fp::F32) == Fp::F32);
    CHECK(wider(Fp::F64, Fp::F16) == Fp::F64);
    CHECK(wider(Fp::F16, Fp::F16) == Fp::F16);
}

TEST_CASE("pairwise_sum accumulates in the array's dtype", "[precision][numpy_float]") {
    const std::vector<double> values = {16777216.0, 1.0, 1.0};
    // float32: 2^24 + 1 rounds back to 2^24, twice.
    CHECK(pairwise_sum(values, Fp::F32) == 16777216.0);
    CHECK(pairwise_sum(values, Fp::F64) == 16777218.0);
    // float16 accumulates in float32 and rounds the result: 2048 + 1 + 1 = 2050 is a float16 value.
    CHECK(pairwise_sum(std::vector<double>{2048.0, 1.0, 1.0}, Fp::F16) == 2050.0);
    CHECK(numpy_mean(std::vector<double>{1.0, 2.0}, Fp::F32) == 1.5);
    CHECK(numpy_mean(std::vector<double>{0.1, 0.2, 0.4}, Fp::F64) == (0.1 + 0.2 + 0.4) / 3.0);
}
