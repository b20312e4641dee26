#pragma once
// Why one tensor (or one op) could not be compared: msaccucmp's CompareError
// code and the message that becomes the row's CompareFailReason.
#include <stdexcept>
#include <string>

namespace msprobe::kernel_dump_compare {

// CompareError codes msaccucmp's rows and exit status carry (cmp_utils/constant/compare_error.py).
enum class FailureCode : int {
    NoDumpFile = 2,
    InvalidParam = 6,
    InvalidShapeData = 11,  // MSACCUCMP_INVALID_DUMP_DATA_ERROR
    IndexOutOfBounds = 12,
    InvalidFormat = 22,
    InvalidShape = 23,
    InvalidJson = 29,
};

class CompareFailure : public std::runtime_error {
public:
    CompareFailure(FailureCode code, const std::string& message) : std::runtime_error(message), code_(code) {}
    FailureCode code() const { return code_; }

private:
    FailureCode code_;
};

}  // namespace msprobe::kernel_dump_compare
