#pragma once
// msaccucmp's ten comparison algorithms (algorithm_manager/builtin_algorithm/
// alg_*.py), in the order of its result columns, computed as NumPy computes
// them on float32 arrays: float32 elementwise arithmetic, NumPy's summation
// order (numpy_sum.hpp), float64 only where NumPy promotes (`** 0.5` of a
// float32 scalar, a float32 scalar divided by a count, the standard
// deviation's float64 accumulator). Each cell is what msaccucmp writes:
// "{:.6f}" of the value ("nan", "inf"), "NaN" when the algorithm refuses,
// "1.0" for a cosine of two zero tensors.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace msprobe::kernel_dump_compare {

inline constexpr std::size_t kAlgorithmCount = 10;

// The result columns, in msaccucmp's order (ConstManager.BUILT_IN_ALGORITHM).
const std::array<std::string, kAlgorithmCount>& algorithm_names();

struct VectorMetrics {
    std::array<std::string, kAlgorithmCount> cells;
    std::vector<std::string> messages;  // in algorithm order, joined by ',' into CompareFailReason
};

struct VectorPair {
    std::span<const float> mine;  // both flattened, same length (the caller checks)
    std::span<const float> golden;
    bool scalar = false;  // the NPU shape has only dims of 1 (utils.get_shape_type)
    std::string my_file;  // named by the zero-data messages
    std::string golden_file;
};

VectorMetrics compare_vectors(const VectorPair& pair);

// Both tensors bool (AlgorithmManager.compare): only the cosine and the
// relative euclidean distance run, on the bool values.
VectorMetrics compare_bool_vectors(std::span<const std::uint8_t> mine, std::span<const std::uint8_t> golden,
                                   bool scalar, const std::string& my_file, const std::string& golden_file);

// Ten "NaN" cells (AlgorithmManager.make_nan_result).
std::array<std::string, kAlgorithmCount> nan_cells();

// '{:.6f}'.format(value): Python's fixed notation, "nan" and "inf" spelled as Python does.
std::string six_decimals(double value);

}  // namespace msprobe::kernel_dump_compare
