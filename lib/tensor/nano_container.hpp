#pragma once
// The TLV header of a nano container: an inputs section (tag 4) and an
// outputs section (tag 5), each `uint32 tag, uint32 len, uint32 count` and
// packed records; a missing section is empty. A record's attribute list holds
// the shape (tag 0), the original shape (tag 1) and, for outputs, the origin
// op name (tag 2).
#include <span>
#include <string>

#include "tensor/bin_header.hpp"

namespace msprobe::tensor {

// The nano container's TLV header (the bytes from offset 16 to 8 + L). Throws
// msprobe::Error(file, "E_BAD_HEADER: ...") for a section or record that runs
// past its end.
BinHeader decode_nano_header(std::span<const std::byte> tlv, const std::string& file);

}  // namespace msprobe::tensor
