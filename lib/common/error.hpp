#pragma once
// The one exception type of the project: it carries the file the problem is
// about, the reason, and the exit code the binary should end with. Only main()
// prints it.
#include <stdexcept>
#include <string>

namespace msprobe {

enum ExitCode : int {
    kExitOk = 0,
    kExitComparisonFailed = 1,  // the comparison ran and a gating flag found failures
    kExitBadInput = 2,          // bad usage or bad input
    kExitInternal = 3,          // an internal defect (an exception other than msprobe::Error)
};

class Error : public std::runtime_error {
public:
    Error(std::string file, std::string reason, int exit_code = kExitBadInput);

    const std::string& file() const noexcept { return file_; }
    const std::string& reason() const noexcept { return reason_; }
    int exit_code() const noexcept { return exit_code_; }

private:
    std::string file_;
    std::string reason_;
    int exit_code_;
};

}  // namespace msprobe
