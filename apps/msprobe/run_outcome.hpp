#pragma once
// What a subcommand's run hands back: what to say and what it found. cli_main
// says it, on process 0 alone for a run spread over processes, in this order
// (the fields' order), and turns it into the exit code.
#include <optional>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/run_summary.hpp"
#include "fail_on.hpp"

namespace msprobe::cli {

struct RunOutcome {
    std::vector<std::string> warnings;     // "msprobe <name>: warning: …" on stderr, one line each
    bool ends_successfully = false;        // the log line "msprobe <name> ends successfully."
    std::vector<std::string> info_lines;   // log lines after it: where the results went
    std::string screen;                    // stdout: the run's summary (summary_text of a RunSummary)
    std::string remark;                    // one line "msprobe <name>: …" on stderr after the screen, or nothing
    std::optional<Error> failure;          // an error the run met on its way (ranks not compared): said last
    FailOn fail_on;                        // exit 1 when its level was reached
    bool differs = false;                  // exit 1 without --fail-on: the run's own answer is no (parse)
};

}  // namespace msprobe::cli
