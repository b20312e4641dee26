// One element read as a C++ value: every real dtype, float16/bfloat16 widened exactly, integers wrapping into
// an unsigned type.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "tensor/element_value.hpp"

using namespace msprobe::tensor;

namespace {

template <class T>
const std::byte* bytes_of(const T& value) {
    return reinterpret_cast<const std::byte*>(&value);
}

}  // namespace

TEST_CASE("element_as converts every real dtype as static_cast does", "[tensor][element_value]") {
    CHECK(element_as<double>(bytes_of(std::uint16_t{0x3555}), DType::Float16) == 0.333251953125);
    CHECK(element_as<double>(bytes_of(std::uint16_t{0x3FC0}), DType::BFloat16) == 1.5);
    CHECK(element_as<double>(bytes_of(0.1f), DType::Float32) == static_cast<double>(0.1f));
    CHECK(element_as<float>(bytes_of(0.1), DType::Float64) == 0.1f);
    CHECK(element_as<double>(bytes_of(std::int8_t{-7}), DType::Int8) == -7.0);
    CHECK(element_as<double>(bytes_of(std::int16_t{-300}), DType::Int16) == -300.0);
    CHECK(element_as<double>(bytes_of(std::int32_t{1} << 30), DType::Int32) == 1073741824.0);
    // int64 beyond 2^53 rounds to the nearest double
    CHECK(element_as<double>(bytes_of((std::int64_t{1} << 53) + 1), DType::Int64) == 9007199254740992.0);
    CHECK(element_as<std::int64_t>(bytes_of((std::int64_t{1} << 53) + 1), DType::Int64) == (std::int64_t{1} << 53) + 1);
    CHECK(element_as<double>(bytes_of(std::uint8_t{250}), DType::UInt8) == 250.0);
    CHECK(element_as<double>(bytes_of(std::uint8_t{2}), DType::Bool) == 1.0);
    CHECK(element_as<std::uint64_t>(bytes_of(std::int8_t{-1}), DType::Int8) == ~std::uint64_t{0});
    CHECK(element_as<double>(bytes_of(1.0f), DType::Complex64) == 0.0);  // taken apart by the caller
    CHECK(load_element<std::int16_t>(bytes_of(std::int16_t{-2})) == -2);
}
