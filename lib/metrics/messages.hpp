#pragma once
// The exact Err_message texts of msprobe's tensor step.
// The file-step texts live here too so the compare room and the metric room
// spell them from one place.
#include <string_view>

namespace msprobe::metrics::message {

// File step, chosen by the caller before any data is read.
inline constexpr std::string_view kNpuHasNoDataFile = "NPU does not have data file.";
inline constexpr std::string_view kBenchHasNoDataFile = "Bench does not have data file.";
inline constexpr std::string_view kBenchUnmatched = "Bench api/module unmatched.";
// "Dump file: <X> not found or read failed." is built by dump_file_read_failed().

// Pre-checks, before any metric is computed.
inline constexpr std::string_view kEmptyData = "This is empty data, can not compare.";
inline constexpr std::string_view kZeroDimTensor =
    "This is type of 0-d tensor, can not calculate 'Cosine', 'EucDist', 'One Thousandth Err Ratio' and "
    "'Five Thousandths Err Ratio'. ";
inline constexpr std::string_view kShapeMismatch = "Shape of NPU and bench tensor do not match. Skipped.";
inline constexpr std::string_view kUnreadable = "Data is unreadable.";
inline constexpr std::string_view kInfNanPositionMismatch =
    "The position of inf or nan in NPU and bench Tensor do not match.";
inline constexpr std::string_view kDtypeMismatch = "Dtype of NPU and bench tensor do not match.";

// Metrics: why one metric cannot be computed.
inline constexpr std::string_view kLengthOneTensor = "This is a 1-d tensor of length 1.";
inline constexpr std::string_view kCosineNpuAllZero =
    "Cannot compare by Cosine Similarity, All the data is Zero in npu dump data.";
inline constexpr std::string_view kCosineBenchAllZero =
    "Cannot compare by Cosine Similarity, All the data is Zero in Bench dump data.";
inline constexpr std::string_view kCosineNan = "Cannot compare by Cosine Similarity, the dump data has NaN.";
inline constexpr std::string_view kMaxAbsErrNan =
    "Cannot compare by MaxAbsError, the data contains nan/inf/-inf in dump data.";
inline constexpr std::string_view kMaxRelativeErrNan =
    "Cannot compare by MaxRelativeError, the data contains nan/inf/-inf in dump data.";

}  // namespace msprobe::metrics::message
