#pragma once
// The containers a kernel dump (.bin) comes in, told apart by content:
//  * protobuf: uint64 header length H, a DumpData message, then the data
//    section (inputs, outputs, buffers, workspaces back to back);
//  * nano: uint64 TLV length L, magic 0x5A5A5A5A, a TLV header of inputs and
//    outputs, then their data;
//  * legacy: the whole file is one DumpData message with the bytes inline
//    (older runtimes; read only when asked for).
// This unit splits a file into its header and the bytes of every blob.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "tensor/bin_header.hpp"

namespace msprobe::tensor {

enum class BinContainerKind { Protobuf, Nano, Legacy };

// The bytes of every blob, in header order.
struct BinBlobs {
    std::vector<std::span<const std::byte>> inputs;
    std::vector<std::span<const std::byte>> outputs;
    std::vector<std::span<const std::byte>> buffers;
    std::vector<std::span<const std::byte>> spaces;
};

struct BinContainer {
    BinContainerKind kind = BinContainerKind::Protobuf;
    BinHeader header;  // nano: no op name or dump time (they are in the file name)
    std::uint64_t header_length = 0;  // H, or the nano TLV length L; 0 for legacy
    BinBlobs blobs;
    std::shared_ptr<const void> owner;  // keeps the blobs' bytes alive
    std::uint64_t trailing_bytes = 0;   // bytes after the data section (accepted)
};

struct BinContainerOptions {
    bool legacy_layout = false;  // try the legacy layout when the length prefix does not fit
};

// Throws msprobe::Error(file, ...): E_TRUNCATED for a file under 8 bytes or
// blobs running past its end, E_BAD_HEADER for a length prefix beyond the file
// or a header that does not decode, E_LIMIT for a header over 8 MiB.
BinContainer split_bin_container(std::span<const std::byte> bytes, std::shared_ptr<const void> owner,
                                 const std::string& file, const BinContainerOptions& options = {});

}  // namespace msprobe::tensor
