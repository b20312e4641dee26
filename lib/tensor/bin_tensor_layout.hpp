#pragma once
// The logical values of one kernel dump tensor, as every command that reads
// .bin dumps needs them. Blocked and transposed layouts are converted straight
// from the file's bytes, which need not be aligned for their type (the
// conversion moves bytes), so no copy is made before the one the conversion
// makes; plain layouts are the aligned view.
#include <string>

#include "tensor/bin_dump_reader.hpp"
#include "tensor/bin_header.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe {
class ThreadPool;
}

namespace msprobe::tensor {

// Throws this tensor's read error, or msprobe::Error(what, ...) when its
// header cannot be converted (see to_logical_layout).
TensorView logical_values(const BinTensor& tensor, const BinTensorHeader& header, const std::string& what,
                          ThreadPool* pool = nullptr);

}  // namespace msprobe::tensor
