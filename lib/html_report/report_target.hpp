#pragma once
// The file an --html option names, checked before a run starts so that a run
// never ends without its report.
#include <filesystem>

namespace msprobe::html_report {

// Throws msprobe::Error naming `target` when it is empty or a directory, or
// when the nearest existing folder on its path is a file.
void check_report_target(const std::filesystem::path& target);

}  // namespace msprobe::html_report
