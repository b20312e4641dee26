// Doubles packed in 4 bytes when a float holds them exactly, else in 8, and read back bit for bit.
#include "common/packed_number.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <limits>
#include <string>

namespace {

// Packs `value` as holds_as_float chooses, then reads it back; `size` is the bytes it took.
double round_trip(double value, std::size_t& size) {
    std::string bytes = "x";  // a number after other bytes
    const bool as_float = msprobe::holds_as_float(value);
    msprobe::append_number(bytes, value, as_float);
    size = bytes.size() - 1;
    std::size_t at = 1;
    const double back = msprobe::read_number(bytes, at, as_float);
    CHECK(at == bytes.size());
    return back;
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace

TEST_CASE("packed_number: a float32 statistic takes 4 bytes, any other double 8, each read back exactly",
          "[common][packed_number]") {
    constexpr double kInf = std::numeric_limits<double>::infinity();
    const double narrow[] = {2.406540632247925,
                             -0.05253756046295166,
                             0.0,
                             -0.0,
                             1.0,
                             65504.0,
                             kInf,
                             -kInf,
                             static_cast<double>(std::numeric_limits<float>::max()),
                             static_cast<double>(std::numeric_limits<float>::denorm_min())};
    for (const double value : narrow) {
        std::size_t size = 0;
        CHECK(same_bits(round_trip(value, size), value));
        CHECK(size == 4);
    }
    const double wide[] = {
        0.1, 1e-05, 1e300, -1e39, std::numeric_limits<double>::denorm_min(), std::numeric_limits<double>::quiet_NaN()};
    for (const double value : wide) {
        std::size_t size = 0;
        CHECK(same_bits(round_trip(value, size), value));
        CHECK(size == 8);
    }
}

TEST_CASE("packed_number: bytes that end inside a number are refused", "[common][packed_number]") {
    const std::string bytes(3, '\0');
    std::size_t at = 0;
    CHECK_THROWS_AS(msprobe::read_number(bytes, at, true), std::logic_error);
    at = 2;
    CHECK_THROWS_AS(msprobe::read_number(std::string(9, '\0'), at, false), std::logic_error);
}
