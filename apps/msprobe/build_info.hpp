#pragma once
// What `msprobe --version` says: the version and commit of this build, the
// msprobe releases whose outputs it reproduces, the metric kernel this CPU
// runs (and whether its self-check passed), and what the build holds.
#include <string>

#include "subcommand.hpp"

namespace msprobe::cli {

// The whole --version screen of `binary` (msprobe or msprobe-torch), without the last newline.
std::string version_text(Binary binary);

}  // namespace msprobe::cli
