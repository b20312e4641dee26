#pragma once
// How a file encodes its elements, and turning stored bytes into the host
// representation of a TensorView dtype. Native little-endian data is used in
// place; only byte swapping, widening of types TensorView lacks (uint16,
// uint32, float8) and misaligned data cost a copy.
#include <cstddef>
#include <cstdint>
#include <memory>
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
};

struct StoredType {
    DType dtype = DType::Float32;  // what the TensorView exposes
    Encoding encoding = Encoding::Native;

    std::size_t stored_size() const;  // bytes of one stored element
    std::string name() const;         // e.g. "torch.float32", "uint16", "float8_e4m3fn"
};

enum class ByteOrder : std::uint8_t { Little, Big };

struct HostElements {
    const std::byte* data = nullptr;
    std::shared_ptr<const void> owner;
};

// `stored` holds whole elements of `type` in `order`; `owner` keeps them
// alive. Returns them as `type.dtype` in host order, in place when possible.
HostElements to_host_elements(std::span<const std::byte> stored, StoredType type, ByteOrder order,
                              std::shared_ptr<const void> owner);

}  // namespace msprobe::tensor
