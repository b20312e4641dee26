#pragma once
// msprobe's auto analysis: the first row that fails its mode's criterion, and
// a piece of advice chosen from its name.
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compare/result_table.hpp"
#include "report/output_file.hpp"

namespace msprobe::compare {

struct Advice {
    std::string line;           // 0-based data row index, or "NA"
    std::string suspect_nodes;  // NPU Name, or "NA"
    std::string expert_advice;

    // The advisor file's exact content: three LF-terminated lines.
    std::string file_text() const;
};

// The column and text by which a row fails in a mode: accuracy "No" (real
// data), Result "Warning" (statistics) or "Different" (md5).
struct FailingCriterion {
    const char* column;
    const char* failing_text;
};
FailingCriterion failing_criterion(const ResultTable& result);

// Indices of the rows failing their mode's criterion: accuracy "No" (real
// data), Result "Warning" (statistics) or "Different" (md5).
std::vector<std::size_t> failing_rows(const ResultTable& result);

Advice advise(const ResultTable& result);

// advise() over a result given a part at a time, in row order.
class AdviceTally {
public:
    void add(const ResultTable& part);
    Advice finish() const;

private:
    std::size_t rows_seen_ = 0;
    std::optional<std::size_t> first_row_;
    std::string first_name_;
};

// Logs the advice's three lines and stages the advisor file for `path` with
// the run's other results; throws msprobe::Error when the write fails.
void stage_advice_file(const Advice& advice, const std::filesystem::path& path, report::StagedFiles& staged);

// The advice text for a failing row's NPU Name (forward/backward, input/output,
// non-deterministic APIs); shared with the legacy ptdbg advisor.
std::string advice_for_name(std::string_view npu_name);

}  // namespace msprobe::compare
