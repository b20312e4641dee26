#pragma once
// Sizes and texts in the compact binary forms this process writes and reads
// back itself (spilled rows, packed rows, a port item's fields): a size is
// LEB128, a text its size then its bytes.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string_view>

namespace msprobe {

// `Bytes` has push_back(char) and append(const char*, size) (std::string, ByteBuffer).
template <typename Bytes>
void append_size(Bytes& out, std::uint64_t value) {
    while (value >= 0x80) {
        out.push_back(static_cast<char>(value | 0x80));
        value >>= 7;
    }
    out.push_back(static_cast<char>(value));
}

template <typename Bytes>
void append_sized_text(Bytes& out, std::string_view text) {
    append_size(out, text.size());
    out.append(text.data(), text.size());
}

// The size at `at`, which moves past it. Throws std::logic_error when the bytes end inside it.
inline std::uint64_t read_size(std::string_view bytes, std::size_t& at) {
    std::uint64_t value = 0;
    for (unsigned shift = 0;; shift += 7) {
        if (at >= bytes.size()) throw std::logic_error("packed bytes end inside a size");
        const auto byte = static_cast<unsigned char>(bytes[at++]);
        value |= std::uint64_t{byte & 0x7FU} << shift;
        if (byte < 0x80) return value;
    }
}

// The text at `at`, which moves past it. Throws std::logic_error when the bytes end inside it.
inline std::string_view read_sized_text(std::string_view bytes, std::size_t& at) {
    const std::uint64_t size = read_size(bytes, at);
    if (size > bytes.size() - at) throw std::logic_error("packed bytes end inside a text");
    const std::string_view text = bytes.substr(at, static_cast<std::size_t>(size));
    at += static_cast<std::size_t>(size);
    return text;
}

}  // namespace msprobe
