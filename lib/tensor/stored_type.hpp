#pragma once
// How a file encodes its elements, and turning stored bytes into the host
// representation of a TensorView dtype. Native little-endian data is used in
// place; only byte swapping, widening of types TensorView lacks (uint16,
// uint32, uint64, float8, the packed sub-byte types, complex32) and misaligned
// data cost a copy.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "tensor/tensor_view.hpp"

namespace msprobe::tensor {

enum class Encoding : std::uint8_t {
    Native,          // bytes are already `dtype`
    UInt16,          // widened to Int32
    UInt32,          // widened to Int64
    Float8E4M3FN,    // widened to Float32 (also the other float8 kinds)
    Float8E5M2,
    Float8E4M3FNUZ,
    Float8E5M2FNUZ,
    Float8E8M0FNU,
    HiFloat8,        // widened to Float32 (Ascend's tapered 8-bit float)
    // uint64 is widened to Float64: exact up to 2^53, rounded to nearest above
    // (never wrapped into negative int64 values).
    UInt64,
    Int4,            // two's-complement nibbles, element 2k in the low nibble of byte k; widened to Int8
    UInt1,           // bits, most significant first within a byte; widened to UInt8 0/1
    Complex32,       // two float16 (real, imaginary); widened to Complex64
};

// The most host bytes one stored byte widens to (UInt1: eight elements of a byte each).
inline constexpr std::size_t kMaxWidening = 8;

struct StoredType {
    DType dtype = DType::Float32;  // what the TensorView exposes
    Encoding encoding = Encoding::Native;

    std::size_t stored_size() const;  // bytes of one stored element (1 for the sub-byte kinds)
    std::size_t stored_bits() const;  // bits of one stored element (4 for Int4, 1 for UInt1)
    // Bytes that hold `count` elements (sub-byte kinds round up); nullopt on overflow.
    std::optional<std::int64_t> stored_bytes(std::int64_t count) const;
    std::string name() const;         // e.g. "torch.float32", "uint16", "float8_e4m3fn"
};

enum class ByteOrder : std::uint8_t { Little, Big };

struct HostElements {
    const std::byte* data = nullptr;
    std::shared_ptr<const void> owner;
};

// `stored` holds whole elements of `type` in `order`; `owner` keeps them
// alive. Returns them as `type.dtype` in host order, in place when possible.
// A sub-byte kind yields every element of every byte (8 per byte for UInt1).
HostElements to_host_elements(std::span<const std::byte> stored, StoredType type, ByteOrder order,
                              std::shared_ptr<const void> owner);

}  // namespace msprobe::tensor
