#pragma once
// Record signatures and fixed sizes of the zip format (PKWARE APPNOTE 6.3),
// shared by the .pt reader and the .xlsx writer.
#include <cstddef>
#include <cstdint>

namespace msprobe::zip {

inline constexpr std::uint32_t kLocalHeaderSignature = 0x04034b50;
inline constexpr std::uint32_t kDataDescriptorSignature = 0x08074b50;
inline constexpr std::uint32_t kCentralHeaderSignature = 0x02014b50;
inline constexpr std::uint32_t kZip64EndSignature = 0x06064b50;
inline constexpr std::uint32_t kZip64LocatorSignature = 0x07064b50;
inline constexpr std::uint32_t kEndSignature = 0x06054b50;

inline constexpr std::size_t kLocalHeaderSize = 30;
inline constexpr std::size_t kCentralHeaderSize = 46;
inline constexpr std::size_t kEndSize = 22;
inline constexpr std::size_t kZip64EndSize = 56;
inline constexpr std::size_t kZip64LocatorSize = 20;

inline constexpr std::uint16_t kZip64ExtraId = 0x0001;
inline constexpr std::uint64_t kMax32 = 0xFFFFFFFF;  // a 32-bit field holding this means "see the zip64 record"
inline constexpr std::uint64_t kMax16 = 0xFFFF;

}  // namespace msprobe::zip
