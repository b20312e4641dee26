#pragma once
// What a compare run found, per dump pair and in all: the counts of pass /
// warning / error rows, the first problem row with the line of the model's
// code that called its API, and the files written. Printed as the run's
// summary (common/run_summary.hpp), and read by --fail-on.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/run_summary.hpp"
#include "compare/compare_options.hpp"
#include "compare/result_table.hpp"
#include "compare/row_level.hpp"
#include "dump/stack_file.hpp"

namespace msprobe::compare {

struct FirstProblem {
    std::string npu_name;     // the row's NPU Name
    RowLevel level = RowLevel::Error;
    std::vector<std::string> reasons;
    std::string stack_frame;  // the first frame in the model's own code, or empty
};

struct PairOutcome {
    std::string label;  // "" for a single pair, "rank0", "rank1", ... for step directories
    std::size_t rows = 0;
    std::size_t passed = 0;
    std::size_t warnings = 0;
    std::size_t errors = 0;
    // Rows no criterion could judge: a kernel compare's rows without a verdict (a side missing, a tensor that
    // could not be compared). Every other compare judges each row.
    std::size_t unjudged = 0;
    std::optional<FirstProblem> first_problem;  // the first error row, else the first warning row
    std::vector<std::filesystem::path> written;
};

struct CompareSummary {
    std::vector<PairOutcome> pairs;
    std::size_t failed_ranks = 0;  // ranks skipped because their dumps were unusable
    std::vector<std::string> ignored_flags;  // flags given that had no effect on these dumps, one sentence each

    std::size_t rows() const;
    std::size_t warnings() const;
    std::size_t errors() const;
    std::vector<std::filesystem::path> written() const;  // every pair's files, in order
};

// Counts and the first problem of one result; `stack_json` (may be empty)
// gives the problem's frame.
PairOutcome summarize_pair(std::string label, const ResultTable& result, const std::vector<RowVerdict>& verdicts,
                           const std::filesystem::path& stack_json);

// summarize_pair over a result given a part at a time, in row order.
class OutcomeTally {
public:
    void add(const ResultTable& part, const std::vector<RowVerdict>& verdicts);
    // `stack` (may be null) or else `stack_json` (may be empty) gives the problem's frame.
    PairOutcome finish(std::string label, const std::shared_ptr<const dump::StackFile>& stack,
                       const std::filesystem::path& stack_json);

private:
    struct Candidate {
        FirstProblem problem;
        std::string api;  // the row's entry, whose stack gives the frame
    };
    PairOutcome counts_;
    std::optional<Candidate> first_error_;
    std::optional<Candidate> first_warning_;
};

// The line of the model's code behind `api` in `stack`; a backward entry, which has no stack of its own, takes
// its forward call's. "" when the stack does not list it.
std::string api_model_frame(const dump::StackFile& stack, const std::string& api);

// The run's summary: rows by level (each pair's when there are several), the first error row (else the first
// warning row) with its frame, ranks not compared, and the files written.
RunSummary run_summary(const CompareSummary& summary);

}  // namespace msprobe::compare
