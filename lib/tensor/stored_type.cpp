#include "tensor/stored_type.hpp"

#include <bit>
#include <complex>
#include <cstring>

#include "tensor/checked_math.hpp"
#include "tensor/float8.hpp"
#include "tensor/half.hpp"

namespace msprobe::tensor {

// Storages are used in place as host values, so the host must be little-endian
// like every file torch and numpy write by default.
static_assert(std::endian::native == std::endian::little, "msprobe-cpp assumes a little-endian host");

namespace {

std::size_t component_size(DType dtype) {
    const bool complex = dtype == DType::Complex64 || dtype == DType::Complex128;
    return complex ? dtype_size(dtype) / 2 : dtype_size(dtype);
}

std::shared_ptr<std::byte[]> allocate(std::size_t bytes) {
    // operator new[] aligns to at least 16 bytes: enough for every dtype.
    return std::shared_ptr<std::byte[]>(new std::byte[bytes == 0 ? 1 : bytes]);
}

template <class Unsigned>
Unsigned load(const std::byte* source, ByteOrder order) {
    Unsigned value;
    std::memcpy(&value, source, sizeof value);
    if (order == ByteOrder::Little || sizeof value == 1) return value;
    if constexpr (sizeof value == 2) return __builtin_bswap16(value);
    if constexpr (sizeof value == 4) return __builtin_bswap32(value);
    if constexpr (sizeof value == 8) return __builtin_bswap64(value);
    return value;
}

void swap_components(std::span<const std::byte> stored, std::size_t width, std::byte* target) {
    for (std::size_t at = 0; at + width <= stored.size(); at += width) {
        for (std::size_t k = 0; k < width; ++k) target[at + k] = stored[at + width - 1 - k];
    }
}

Float8Format float8_format(Encoding encoding) {
    switch (encoding) {
        case Encoding::Float8E5M2: return Float8Format::E5M2;
        case Encoding::Float8E4M3FNUZ: return Float8Format::E4M3FNUZ;
        case Encoding::Float8E5M2FNUZ: return Float8Format::E5M2FNUZ;
        case Encoding::Float8E8M0FNU: return Float8Format::E8M0FNU;
        case Encoding::HiFloat8: return Float8Format::HiFloat8;
        default: return Float8Format::E4M3FN;
    }
}

// Stored element i becomes target element i, converted by `convert`.
template <class Target, class Convert>
HostElements widen(std::span<const std::byte> stored, std::size_t stored_size, Convert convert) {
    const std::size_t count = stored.size() / stored_size;
    auto buffer = allocate(count * sizeof(Target));
    for (std::size_t i = 0; i < count; ++i) {
        const Target value = convert(stored.data() + i * stored_size);
        std::memcpy(buffer.get() + i * sizeof(Target), &value, sizeof value);
    }
    return {buffer.get(), buffer};
}

// Every element packed in each stored byte, low bits first for Int4, high
// bits first for UInt1.
HostElements unpack_bits(std::span<const std::byte> stored, Encoding encoding) {
    const std::size_t per_byte = encoding == Encoding::Int4 ? 2 : 8;
    auto buffer = allocate(stored.size() * per_byte);
    std::byte* out = buffer.get();
    for (const std::byte packed : stored) {
        const auto bits = std::to_integer<unsigned>(packed);
        if (encoding == Encoding::Int4) {
            for (const unsigned nibble : {bits & 0xFU, bits >> 4}) {
                const int value = nibble >= 8 ? static_cast<int>(nibble) - 16 : static_cast<int>(nibble);
                *out++ = static_cast<std::byte>(static_cast<std::int8_t>(value));
            }
        } else {
            for (int bit = 7; bit >= 0; --bit) *out++ = static_cast<std::byte>((bits >> bit) & 1U);
        }
    }
    return {buffer.get(), buffer};
}

}  // namespace

std::size_t StoredType::stored_size() const {
    switch (encoding) {
        case Encoding::Native: return dtype_size(dtype);
        case Encoding::UInt16: return 2;
        case Encoding::UInt32: return 4;
        case Encoding::UInt64: return 8;
        case Encoding::Complex32: return 4;
        default: return 1;  // 8-bit floats, and the bytes of the sub-byte kinds
    }
}

std::size_t StoredType::stored_bits() const {
    switch (encoding) {
        case Encoding::Int4: return 4;
        case Encoding::UInt1: return 1;
        default: return stored_size() * 8;
    }
}

std::optional<std::int64_t> StoredType::stored_bytes(std::int64_t count) const {
    const auto bits = checked_mul(count, static_cast<std::int64_t>(stored_bits()));
    if (!bits) return std::nullopt;
    return *bits / 8 + (*bits % 8 != 0 ? 1 : 0);
}

std::string StoredType::name() const {
    switch (encoding) {
        case Encoding::Native: return std::string(torch_name(dtype));
        case Encoding::UInt16: return "uint16";
        case Encoding::UInt32: return "uint32";
        case Encoding::Float8E4M3FN: return "float8_e4m3fn";
        case Encoding::Float8E5M2: return "float8_e5m2";
        case Encoding::Float8E4M3FNUZ: return "float8_e4m3fnuz";
        case Encoding::Float8E5M2FNUZ: return "float8_e5m2fnuz";
        case Encoding::Float8E8M0FNU: return "float8_e8m0fnu";
        case Encoding::HiFloat8: return "hifloat8";
        case Encoding::UInt64: return "uint64";
        case Encoding::Int4: return "int4";
        case Encoding::UInt1: return "uint1";
        case Encoding::Complex32: return "complex32";
    }
    return "unknown";
}

HostElements to_host_elements(std::span<const std::byte> stored, StoredType type, ByteOrder order,
                              std::shared_ptr<const void> owner) {
    switch (type.encoding) {
        case Encoding::Native: break;
        case Encoding::UInt16:
            return widen<std::int32_t>(stored, 2, [order](const std::byte* p) {
                return static_cast<std::int32_t>(load<std::uint16_t>(p, order));
            });
        case Encoding::UInt32:
            return widen<std::int64_t>(stored, 4, [order](const std::byte* p) {
                return static_cast<std::int64_t>(load<std::uint32_t>(p, order));
            });
        case Encoding::UInt64:
            return widen<double>(stored, 8, [order](const std::byte* p) {
                return static_cast<double>(load<std::uint64_t>(p, order));
            });
        case Encoding::Complex32:
            return widen<std::complex<float>>(stored, 4, [order](const std::byte* p) {
                return std::complex<float>(half_to_float(load<std::uint16_t>(p, order)),
                                           half_to_float(load<std::uint16_t>(p + 2, order)));
            });
        case Encoding::Int4:
        case Encoding::UInt1: return unpack_bits(stored, type.encoding);
        default: {
            const Float8Format format = float8_format(type.encoding);
            return widen<float>(stored, 1, [format](const std::byte* p) {
                return float8_to_float(std::to_integer<std::uint8_t>(*p), format);
            });
        }
    }
    const std::size_t width = component_size(type.dtype);
    const bool misaligned = reinterpret_cast<std::uintptr_t>(stored.data()) % width != 0;
    const bool swap = order == ByteOrder::Big && width > 1;
    if (!swap && !misaligned) return {stored.data(), std::move(owner)};
    auto buffer = allocate(stored.size());
    if (swap) {
        swap_components(stored, width, buffer.get());
    } else if (!stored.empty()) {
        std::memcpy(buffer.get(), stored.data(), stored.size());
    }
    return {buffer.get(), buffer};
}

}  // namespace msprobe::tensor
