// A training launch script given to config_check -d: the hyperparameters msprobe's shell rules find in it.
#include <string_view>

#include "config_check/shell_hyperparameters.hpp"
#include "fuzz_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view script(reinterpret_cast<const char*>(data), size);
    (void)msprobe::config_check::shell_hyperparameters(script);  // no input may fail: a script has no wrong form
    return 0;
}
