#pragma once
// The stamp in msprobe's output file names.
#include <string>

namespace msprobe {

// Local time as YYYYmmddHHMMSS.
std::string local_timestamp();

}  // namespace msprobe
