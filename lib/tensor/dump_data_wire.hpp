#pragma once
// The wire format of a DumpData message (dump_data.proto), walked before the
// protobuf runtime decodes it. The runtime skips what it does not know,
// groups included, and allocates an object for every repeated entry before
// any check of ours could run: a header of two-byte empty entries becomes
// hundreds of bytes of memory per header byte. The walk allocates nothing and
// refuses
//  * groups (wire types 3 and 4: proto3 never writes them, a DumpData has none),
//    invalid wire types, field number 0, varints over 10 bytes, a field that
//    runs past its message: the bytes are not a DumpData message;
//  * more tensor slots than kMaxBinTensors, more attributes than
//    kMaxBinAttrs, or more dim ranges in one output than kMaxBinDims.
#include <cstddef>
#include <optional>
#include <span>
#include <string>

#include "tensor/read_error.hpp"

namespace msprobe::tensor {

struct DumpDataWireProblem {
    ReadFailure failure = ReadFailure::BadHeader;  // BadHeader, or Limit for a bound exceeded
    std::string reason;                            // the whole reason, e.g. "the 12-byte header is not ..."
};

// What keeps `message` from being decoded, or nullopt when it may be.
std::optional<DumpDataWireProblem> dump_data_wire_problem(std::span<const std::byte> message);

}  // namespace msprobe::tensor
