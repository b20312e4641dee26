#include "kernel_dump_compare/float_log.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace msprobe::kernel_dump_compare;

// Cephes' logf is within two units in the last place of the correctly rounded log on its range.
TEST_CASE("float log: Cephes' logf on positive normal floats, special inputs flagged", "[kernel_dump_compare]") {
    for (float x = 1e-30F; x < 1e30F; x *= 1.37F) {
        int special = 1;
        const float ours = float_log(x, special);
        CHECK(special == 0);
        const double exact = std::log(static_cast<double>(x));
        CHECK(std::fabs(ours - exact) <=
              2.5 * std::fabs(std::nextafter(static_cast<float>(exact), 1e38F) - static_cast<float>(exact)) + 1e-45);
    }
    int special = 0;
    CHECK(float_log(1.0F, special) == 0.0F);
    for (const float odd : {0.0F, -1.0F, std::numeric_limits<float>::infinity(),
                            std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::denorm_min()}) {
        float_log(odd, special);
        CHECK(special == 1);
    }
}
