#pragma once
// The file an --html option names, checked before a run starts so that a run
// never ends without its report, and never writes it over what it reads.
#include <filesystem>
#include <vector>

namespace msprobe::html_report {

// What the report must not be: the run's output folder, or a path the run reads.
struct RunPaths {
    std::filesystem::path output_dir;                // "" when the run has none
    std::vector<std::filesystem::path> inputs;       // files or folders named on the command line
};

// Throws msprobe::Error naming `target` when it is empty or a directory, when
// the nearest existing folder on its path is a file or refuses a new file
// (tried: a path under /proc, a folder without write permission), when a name
// on it is too long, or when it is `run`'s output folder or one of its inputs
// (the same file by inode, or the same path once resolved).
void check_report_target(const std::filesystem::path& target, const RunPaths& run = {});

}  // namespace msprobe::html_report
