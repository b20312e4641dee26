#pragma once
// The three compare algorithms of msprobe's MindSpore checker (base_compare_algorithm.py) on one output pair,
// and the row status they give (ApiAccuracyChecker.run_and_compare_helper): pass when cosine similarity is above
// 0.99 and the max absolute difference below 0.001; the max relative difference is reported, never judged.
#include <optional>
#include <string>

#include "ms_api_check/checked_value.hpp"

namespace msprobe::ms_api_check {

enum class AlgorithmStatus { Pass, Error, Skip };

struct AlgorithmResult {
    std::optional<double> value;  // None (an empty cell) when the pair is not two tensors of one shape
    AlgorithmStatus status = AlgorithmStatus::Skip;
};

struct OutputComparison {
    AlgorithmResult cosine;
    AlgorithmResult max_abs;
    AlgorithmResult max_relative;
    bool pass = false;
    std::string message;  // the cosine's then the max absolute difference's sentence, "" on pass
};

// MsCompareConst.EPSILON, CompareConst.COS_THRESHOLD / MAX_ABS_ERR_THRESHOLD / MAX_RELATIVE_ERR_THRESHOLD.
inline constexpr double kEpsilon = 1e-8;
inline constexpr double kCosineThreshold = 0.99;
inline constexpr double kMaxAbsThreshold = 0.001;
inline constexpr double kMaxRelativeThreshold = 0.001;

// Throws CheckSkipped with NumPy's sentence for two empty tensors (np.max of nothing raises).
OutputComparison compare_output(const CheckedValue& bench, const CheckedValue& tested);

}  // namespace msprobe::ms_api_check
