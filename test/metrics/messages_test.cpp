// msprobe's Err_message texts, each against the compare spec's exact list
// (§7.2 pre-checks, §7.3 metric cases, §7.1 file step).
#include "metrics/messages.hpp"

#include <catch2/catch.hpp>

namespace message = msprobe::metrics::message;

TEST_CASE("messages: the file step's texts", "[metrics][messages]") {
    CHECK(message::kNpuHasNoDataFile == "NPU does not have data file.");
    CHECK(message::kBenchHasNoDataFile == "Bench does not have data file.");
    CHECK(message::kBenchUnmatched == "Bench api/module unmatched.");
}

TEST_CASE("messages: the pre-checks' texts, the 0-d sentence with its trailing space", "[metrics][messages]") {
    CHECK(message::kEmptyData == "This is empty data, can not compare.");
    CHECK(message::kZeroDimTensor ==
          "This is type of 0-d tensor, can not calculate 'Cosine', 'EucDist', 'One Thousandth Err Ratio' and "
          "'Five Thousandths Err Ratio'. ");
    CHECK(message::kShapeMismatch == "Shape of NPU and bench tensor do not match. Skipped.");
    CHECK(message::kUnreadable == "Data is unreadable.");
    CHECK(message::kInfNanPositionMismatch == "The position of inf or nan in NPU and bench Tensor do not match.");
    CHECK(message::kDtypeMismatch == "Dtype of NPU and bench tensor do not match.");
}

TEST_CASE("messages: why a metric cannot be computed", "[metrics][messages]") {
    CHECK(message::kLengthOneTensor == "This is a 1-d tensor of length 1.");
    CHECK(message::kCosineNpuAllZero == "Cannot compare by Cosine Similarity, All the data is Zero in npu dump data.");
    CHECK(message::kCosineBenchAllZero ==
          "Cannot compare by Cosine Similarity, All the data is Zero in Bench dump data.");
    CHECK(message::kCosineNan == "Cannot compare by Cosine Similarity, the dump data has NaN.");
    CHECK(message::kMaxAbsErrNan == "Cannot compare by MaxAbsError, the data contains nan/inf/-inf in dump data.");
    CHECK(message::kMaxRelativeErrNan ==
          "Cannot compare by MaxRelativeError, the data contains nan/inf/-inf in dump data.");
}
