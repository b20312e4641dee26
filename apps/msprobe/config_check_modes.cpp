// The config_check operations msprobe-cpp does not run yet: each says so.
#include "config_check_modes.hpp"

#include "command_line.hpp"

namespace msprobe::cli {

RunOutcome run_checkpoint_compare_mode(const std::string&, const std::string&, const std::string&) {
    throw UsageError("config_check", "msprobe-cpp does not compare checkpoints yet");
}

RunOutcome run_verl_compare_mode(const std::string&, const std::string&, const std::string&) {
    throw UsageError("config_check", "msprobe-cpp does not provide -vc yet");
}

RunOutcome run_verl_verify_mode(const std::vector<std::string>&, const std::string&) {
    throw UsageError("config_check", "msprobe-cpp does not provide -vv yet");
}

}  // namespace msprobe::cli
