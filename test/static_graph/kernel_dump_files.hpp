#pragma once
// Small kernel dump files for the static_graph tests: float32 tensors in an
// op's named file, written by the support .bin writer.
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "support/bin_dump_writer.hpp"

namespace msprobe::testing {

// A 1-d float32 (DT_FLOAT) tensor of `values`, or of `shape` when given.
inline BinTensorSpec float_tensor(const std::vector<float>& values, std::vector<std::uint64_t> shape = {}) {
    if (shape.empty()) shape = {values.size()};
    return tensor_spec(1, std::move(shape), bytes_of(values));
}

// `file` holding `outputs` (and `inputs`, and attributes such as an FFTS+ description).
inline void write_kernel_dump(const std::filesystem::path& file, std::vector<BinTensorSpec> outputs,
                              std::vector<BinTensorSpec> inputs = {},
                              std::vector<std::pair<std::string, std::string>> attrs = {}) {
    BinDumpSpec spec;
    spec.op_name = "Default/" + file.filename().string();
    spec.outputs = std::move(outputs);
    spec.inputs = std::move(inputs);
    spec.attrs = std::move(attrs);
    write_bytes(file, encode_bin_dump(spec));
}

}  // namespace msprobe::testing
