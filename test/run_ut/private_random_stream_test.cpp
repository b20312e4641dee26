// The draws made for other ranks' inputs must leave the global random stream
// where it was: the reference's inputs of every later API depend on it.
// (REQUIRE only: libtorch's glog headers define their own CHECK macros.)
#include <ATen/ATen.h>

#include <catch2/catch.hpp>

#include "run_ut/private_random_stream.hpp"

TEST_CASE("a private random stream leaves the global generator where it was", "[run_ut][collective]") {
    at::manual_seed(1234);
    const auto first = at::rand({4});
    const auto expected = at::rand({4});
    const auto expected_normal = at::randn({3});
    at::manual_seed(1234);
    const auto again = at::rand({4});
    {
        msprobe::run_ut::PrivateRandomStream stream(99);
        const auto inside = at::rand({4});
        REQUIRE_FALSE(at::equal(inside, expected));
        at::randn({5});
    }
    REQUIRE(at::equal(again, first));
    REQUIRE(at::equal(at::rand({4}), expected));
    REQUIRE(at::equal(at::randn({3}), expected_normal));
}
