#pragma once
// A direction (forward or backward) of one API that cannot be run or compared: msprobe's "exception skip".
// The text goes into the result file's Message after a SKIP status.
#include <stdexcept>
#include <string>

namespace msprobe::ms_api_check {

struct CheckSkipped : std::runtime_error {
    explicit CheckSkipped(const std::string& message) : std::runtime_error(message) {}
};

// The prefixes of msprobe's ApiAccuracyCheckerException codes (core/common/exceptions.py).
inline constexpr const char* kParseJsonFailed = "[msprobe] Api Accuracy Checker parse json failed: ";
inline constexpr const char* kUnsupportedType = "[msprobe] Api Accuracy Checker get unsupported type: ";
inline constexpr const char* kWrongValue = "[msprobe] Api Accuracy Checker get wrong value: ";
inline constexpr const char* kApiWrong = "[msprobe] Api Accuracy Checker something wrong with api: ";

}  // namespace msprobe::ms_api_check
