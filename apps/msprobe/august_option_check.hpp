#pragma once
// What August msprobe's compare refuses after its argument parser accepted
// the line: a mode it does not run, and option tokens that are not one of
// the mode's option strings.
#include <string>

#include "commands.hpp"

namespace msprobe::cli {

// auto, offline_data, atb and torchair run; offline_model needs the NPU
// runtime and is refused with that reason; anything else is msprobe's
// "Invalid mode". Throws msprobe::Error.
void check_mode(const std::string& mode);

// Every option token must be one of `mode`'s option strings (or ours).
// `strict`: the tokens as typed, exactly as msprobe checks them; otherwise
// what argparse read them as, so "--output_path=x" and unique prefixes pass.
// Throws msprobe::Error naming the first token refused.
void check_whitelist(const GlobalOptions& global, bool strict, const std::string& mode);

}  // namespace msprobe::cli
