#pragma once
// msprobe has been spelt two ways: April's `msprobe -f pytorch compare -i
// compare.json` and August's `msprobe compare -tp NPU -gp BENCH`. The first
// token tells them apart, and each shape ends a failed run with its own codes.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace msprobe::cli {

struct Subcommand;

enum class Shape : std::uint8_t { April, August };

// August's when the first token (after the program name) names a subcommand
// of August's shape in `table`; April's otherwise (-f …, run_ut, no argument).
Shape shape_of(const std::vector<std::string>& args, std::span<const Subcommand> table);

// How a subcommand ends when its run finds bad input: April's exit 2, or
// August's exit 1 (August keeps 2 for what its argument parser refuses).
enum class ExitCodes : std::uint8_t { April, August };

// The exit code of a run that threw msprobe::Error with `code`.
int run_error_exit_code(ExitCodes codes, int code);

}  // namespace msprobe::cli
