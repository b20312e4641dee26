#pragma once
// msprobe's interactive parse tool (`msprobe -f pytorch parse`): a "Parse >>> " prompt taking pt, cn, pk, vc on .npy
// trees, and dc and cad, which convert kernel dumps to .npy files natively; vc on kernel dumps is refused. Reads
// commands from `in` until EOF or exit.
#include <iosfwd>
#include <string>
#include <vector>

namespace msprobe {
class ThreadPool;
}

namespace msprobe::parse {

// msprobe's _parse_argv: whitespace split; `insert` goes in front unless it is
// already the first word; a line holding "-h" is returned as split.
std::vector<std::string> split_command_line(const std::string& line, const std::string& insert = {});

// Runs the shell; returns the exit code (0). Errors of one command are
// reported on `out` and the shell goes on. dc and cad convert on `pool`.
int run_interactive_shell(std::istream& in, std::ostream& out, ThreadPool& pool);

// Runs one command line as the shell would (for tests and scripts).
void run_shell_command(const std::string& line, std::ostream& out, ThreadPool& pool);

}  // namespace msprobe::parse
