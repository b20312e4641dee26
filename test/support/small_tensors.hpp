#pragma once
// Small tensor files for tests, written by the project's own
// writers (test/support/tensor_writers.hpp).
#include <cstring>
#include <filesystem>
#include <span>
#include <vector>

#include "support/element_bytes.hpp"
#include "support/tensor_writers.hpp"
#include "tensor/half.hpp"

namespace msprobe::testing {

inline void write_npy_f32(const std::filesystem::path& p, const std::vector<std::int64_t>& shape,
                          const std::vector<float>& values) {
    write_npy(p, tensor::DType::Float32, shape, bytes_of(values));
}

inline void write_npy_i64(const std::filesystem::path& p, const std::vector<std::int64_t>& shape,
                          const std::vector<std::int64_t>& values) {
    write_npy(p, tensor::DType::Int64, shape, bytes_of(values));
}

inline void write_npy_f16(const std::filesystem::path& p, const std::vector<std::int64_t>& shape,
                          const std::vector<float>& values) {
    std::vector<std::uint16_t> bits;
    for (float v : values) bits.push_back(tensor::float_to_half(v));
    write_npy(p, tensor::DType::Float16, shape, bytes_of(bits));
}

// torch.save of a contiguous float32 tensor.
inline void write_pt_f32(const std::filesystem::path& p, const std::vector<std::int64_t>& shape,
                         const std::vector<float>& values) {
    std::vector<std::int64_t> strides(shape.size(), 1);
    for (std::size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * shape[i];
    write_pt(p, tensor::DType::Float32, shape, strides, 0, bytes_of(values));
}

}  // namespace msprobe::testing
