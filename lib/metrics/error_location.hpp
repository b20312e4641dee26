#pragma once
// Where in a tensor pair the largest errors sit: the multi-dimensional index
// of the maximum absolute and of the maximum relative error, measured exactly
// as the fused kernel measures them (inf/nan set to 0 first, relative error in
// the operands' precision). A separate plain pass, run only when asked for.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tensor/tensor_view.hpp"

namespace msprobe::metrics {

struct ErrorLocation {
    std::vector<std::int64_t> max_abs;                      // empty for a 0-d pair
    std::optional<std::vector<std::int64_t>> max_relative;  // none when every relative error is NaN
};

// The first index attaining each maximum. Requires equal shapes and at least
// one element (the caller has run the pre-checks); nullopt otherwise.
std::optional<ErrorLocation> locate_max_errors(const tensor::TensorView& npu, const tensor::TensorView& bench);

// Python's rendering of an index tuple: "(2, 0, 5)", "(3,)", "()".
std::string index_text(const std::vector<std::int64_t>& index);

}  // namespace msprobe::metrics
