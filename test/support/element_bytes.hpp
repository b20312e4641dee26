#pragma once
// The bytes of a vector of elements, as a little-endian file stores them.
#include <cstddef>
#include <cstring>
#include <vector>

namespace msprobe::testing {

template <class T>
std::vector<std::byte> bytes_of(const std::vector<T>& values) {
    std::vector<std::byte> bytes(values.size() * sizeof(T));
    if (!bytes.empty()) std::memcpy(bytes.data(), values.data(), bytes.size());
    return bytes;
}

}  // namespace msprobe::testing
