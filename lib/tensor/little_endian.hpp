#pragma once
// Reading little-endian integers out of untrusted byte ranges.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

namespace msprobe::tensor {

// The caller has checked that `at + sizeof(Integer) <= bytes.size()`.
template <class Integer>
Integer load_little_endian(std::span<const std::byte> bytes, std::size_t at) {
    Integer value;
    std::memcpy(&value, bytes.data() + at, sizeof value);  // host is little-endian (stored_type.cpp)
    return value;
}

}  // namespace msprobe::tensor
