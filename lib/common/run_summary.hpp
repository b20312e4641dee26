#pragma once
// The last thing every subcommand says on the screen: what it counted, the
// first problem it found with the line of the model's code behind it, and the
// files it wrote. A room fills one from its result; a driver renders it.
//
//   Compared 44 rows: 18 pass, 0 warning, 26 error.
//     rank0: 22 rows: 9 pass, 0 warning, 13 error
//   First error: Functional.linear.0.forward.output.0 (rank0): Cosine below 0.99
//     at File /model/net.py, line 12, in forward: return self.fc(x)
//   Written:
//     out/compare_result_rank0.csv
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace msprobe {

// One of the numbers a run counts: 18 "pass", 3 "anomaly", 120 "rows".
struct SummaryCount {
    SummaryCount() = default;
    SummaryCount(std::size_t count, std::string counted) : value(count), what(std::move(counted)) {}

    std::size_t value = 0;
    std::string what;
};

// A share of the run (a rank, a step, a graph) with its own counts, or what it came to in words.
struct SummaryPart {
    std::string label;
    SummaryCount total;
    std::vector<SummaryCount> counts;
    std::string outcome;  // said instead of the counts when set: "no difference", "Torch.add.0.forward"
};

// The first thing that went wrong, in the run's own order.
struct SummaryProblem {
    std::string kind;        // "error", "warning", "anomaly", ...
    std::string name;        // the row, entry or node
    std::string part;        // the label of the part it is in, or ""
    std::string detail;      // why, or ""
    std::string model_line;  // the frame of the model's own code that called it, or ""
};

struct RunSummary {
    std::string verb;                  // "Compared", "Checked", "Merged", "Built", ...
    SummaryCount total;                // what the verb was done to: 44 "rows"
    std::vector<SummaryCount> counts;  // how the total splits: pass, warning, error, ...
    std::vector<SummaryPart> parts;    // listed when there are two or more
    std::optional<SummaryProblem> first_problem;
    std::vector<std::string> notes;              // further lines: what was used, what could not be done
    std::vector<std::filesystem::path> written;  // the first 20 are listed, then how many more
    bool says_nothing_written = true;            // "No file written." when `written` is empty
};

// The summary as screen text, one line per fact; names, frames and paths come
// from the user's files and are made printable.
std::string summary_text(const RunSummary& summary);

// The frame a user wants from an API's stack (innermost first): the first
// outside installed packages (site-/dist-packages), or the first of all, on
// one line; "" when there is none.
std::string model_frame(const std::vector<std::string>& frames);

}  // namespace msprobe
