#pragma once
// msprobe's -hl rules: rows whose statistics overflow or whose error grows
// from an API's inputs to its outputs are coloured red or yellow, and the
// reasons are appended to Err_message.
#include "compare/result_table.hpp"

namespace msprobe::compare {

// Colours rows of a dump.json compare in modes all and summary; md5 and
// debug.json tables are left as they are.
void apply_highlight(ResultTable& result, bool is_debug_dump);

}  // namespace msprobe::compare
