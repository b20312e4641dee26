#pragma once
// The generated DumpData protobuf message, for the units that decode it
// (bin_header.cpp, the legacy layout of bin_container.cpp).
#include <cstddef>
#include <optional>
#include <span>
#include <string>

#include "tensor/bin_header.hpp"
#include "tensor/dump_data.pb.h"

namespace msprobe::tensor {

// nullopt when `bytes` are not a DumpData message (or exceed protobuf's 2 GiB limit).
std::optional<dumpdata::DumpData> parse_dump_data(std::span<const std::byte> bytes);

// The header fields of a parsed message; throws E_BAD_HEADER like decode_bin_header.
BinHeader header_of(const dumpdata::DumpData& message, const std::string& file);

}  // namespace msprobe::tensor
