#pragma once
// A generated tensor of the synthetic dumps: float32 or bfloat16 values, and
// the statistics / checksum msprobe's dumper would record for them.
#include <cstdint>
#include <string>
#include <vector>

#include "support/deterministic_random.hpp"
#include "tensor/tensor_view.hpp"

namespace msprobe::testing {

// Max/Min/Mean/Norm as torch reports them for a floating tensor: computed
// over the values (here in double) and rounded to the tensor's dtype.
struct TensorStatistics {
    double max = 0;
    double min = 0;
    double mean = 0;
    double norm = 0;
};

struct SyntheticTensor {
    tensor::DType dtype = tensor::DType::Float32;  // Float32 or BFloat16
    std::vector<std::int64_t> shape;
    std::vector<float> values;  // row-major, each exactly representable in dtype
    bool requires_grad = false;

    TensorStatistics statistics() const;
    // The elements' little-endian bytes in dtype (2 per bfloat16): what
    // msprobe's md5 (a CRC-32) covers and what a tensor file holds.
    std::string element_bytes() const;
};

// Round to nearest even, as torch converts float32 to bfloat16.
float round_to_bfloat16(float value);

// Rounds every value to dtype and sets it.
void convert_to(SyntheticTensor& tensor, tensor::DType dtype);

std::int64_t element_count(const std::vector<std::int64_t>& shape);

SyntheticTensor normal_tensor(DeterministicRandom& random, std::vector<std::int64_t> shape, double mean,
                              double stddev);
SyntheticTensor uniform_tensor(DeterministicRandom& random, std::vector<std::int64_t> shape, double low,
                               double high);

}  // namespace msprobe::testing
