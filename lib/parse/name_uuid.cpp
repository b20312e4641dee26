#include "parse/name_uuid.hpp"

#include <md5.h>

#include <array>
#include <cstdint>

namespace msprobe::parse {

namespace {

// 6ba7b810-9dad-11d1-80b4-00c04fd430c8, the namespace of domain names.
constexpr std::array<std::uint8_t, 16> kDnsNamespace{0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1,
                                                     0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8};

std::array<std::uint8_t, MD5_DIGEST_LENGTH> md5_of(std::string_view prefix, std::string_view bytes) {
    MD5_CTX context;
    MD5Init(&context);
    MD5Update(&context, reinterpret_cast<const std::uint8_t*>(prefix.data()), prefix.size());
    MD5Update(&context, reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    std::array<std::uint8_t, MD5_DIGEST_LENGTH> digest{};
    MD5Final(digest.data(), &context);
    return digest;
}

std::string hex(const std::array<std::uint8_t, MD5_DIGEST_LENGTH>& bytes) {
    constexpr char kDigits[] = "0123456789abcdef";
    std::string text;
    for (const auto byte : bytes) {
        text += kDigits[byte >> 4];
        text += kDigits[byte & 0x0F];
    }
    return text;
}

}  // namespace

std::string md5_hex(std::string_view bytes) { return hex(md5_of({}, bytes)); }

std::string dns_uuid3_hex(std::string_view name) {
    const std::string_view space(reinterpret_cast<const char*>(kDnsNamespace.data()), kDnsNamespace.size());
    auto digest = md5_of(space, name);
    digest[6] = static_cast<std::uint8_t>((digest[6] & 0x0F) | 0x30);  // version 3
    digest[8] = static_cast<std::uint8_t>((digest[8] & 0x3F) | 0x80);  // RFC 4122 variant
    return hex(digest);
}

}  // namespace msprobe::parse
