#pragma once
// Name-based UUIDs (RFC 4122 version 3: MD5 of namespace + name), as Python's
// uuid.uuid3 makes them; msprobe names over-long output files with them.
#include <string>
#include <string_view>

namespace msprobe::parse {

// uuid.uuid3(uuid.NAMESPACE_DNS, name).hex: 32 lowercase hex digits.
std::string dns_uuid3_hex(std::string_view name);

// The 16-byte MD5 digest of `bytes` as 32 lowercase hex digits.
std::string md5_hex(std::string_view bytes);

}  // namespace msprobe::parse
