#pragma once
// Reading the bytes the .bin writer makes, without a file.
#include <memory>
#include <string>

#include "support/bin_dump_writer.hpp"
#include "tensor/tensor_file.hpp"
#include "tensor/bin_dump_reader.hpp"

namespace msprobe::testing {

inline constexpr const char* kDumpName = "Add.net_add.5.1.1700000000003000";

// The dump read from memory under `name` (its name still matters); the result owns a copy.
inline tensor::BinDump read_bin_bytes(const Bytes& bytes, const std::string& name = kDumpName,
                                      const tensor::BinReadOptions& options = {}) {
    auto owner = std::make_shared<const Bytes>(bytes);
    return tensor::read_bin_dump(*owner, owner, name, options);
}

// One output of the given type and bytes, shape `shape`.
inline BinDumpSpec one_output(std::int32_t data_type, std::vector<std::uint64_t> shape, Bytes bytes) {
    BinDumpSpec spec;
    spec.op_name = "net/add";
    spec.dump_time = 1700000000003000;
    spec.outputs.push_back(tensor_spec(data_type, std::move(shape), std::move(bytes)));
    return spec;
}

}  // namespace msprobe::testing
