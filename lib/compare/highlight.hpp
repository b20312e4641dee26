#pragma once
// msprobe's -hl rules: rows whose statistics overflow or whose error grows
// from an API's inputs to its outputs are coloured red or yellow, and the
// reasons are appended to Err_message. Judging is separate from applying, so
// the run summary and --fail-on can use the verdict without -hl.
#include <vector>

#include "compare/result_table.hpp"

namespace msprobe::compare {

struct HighlightVerdict {
    std::vector<report::RowFill> fills;               // per row
    std::vector<std::vector<const char*>> messages;  // per row, of its colour, in rule order
};

// Judges rows of a dump.json compare in modes all and summary; md5 and
// debug.json tables get no colour.
HighlightVerdict judge_highlight(const ResultTable& result, bool is_debug_dump);

// Fills the rows and appends the messages to Err_message, as -hl does.
void apply_highlight(ResultTable& result, const HighlightVerdict& verdict);

}  // namespace msprobe::compare
