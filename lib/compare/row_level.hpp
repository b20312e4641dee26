#pragma once
// One verdict per result row, for people and pipelines: pass, warning or
// error. It does not change any msprobe cell; --fail-on, the run summary and
// the json result read it.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "compare/highlight.hpp"
#include "compare/result_table.hpp"

namespace msprobe::compare {

enum class RowLevel : std::uint8_t { Pass, Warning, Error };

std::string_view level_name(RowLevel level);  // "pass", "warning", "error"

struct RowVerdict {
    RowLevel level = RowLevel::Pass;
    std::vector<std::string> reasons;  // why the row is not a pass, in rule order
};

// error: the row fails its mode's criterion (what the advisor looks for:
// accuracy "No", Result "Warning" or "Different") or a red -hl rule fires;
// warning: only yellow -hl rules fire. The rules are judged whether or not
// -hl colours the book.
std::vector<RowVerdict> row_verdicts(const ResultTable& result, const HighlightVerdict& highlight);

}  // namespace msprobe::compare
