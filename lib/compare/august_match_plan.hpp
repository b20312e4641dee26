#pragma once
// How August msprobe pairs the rows of two dumps: by compare key (backward
// call numbers renumbered, august_compare_keys.hpp), through -cm/-dm (-am for
// MindSpore), or fuzzily with -fm (call numbers and shapes ignored).
//
// With a mapping msprobe builds the NPU key from the original name while the
// bench key is renumbered, so backward rows meet the wrong bench entry
// whenever renumbering changes a number; we apply the mapping to the
// renumbered NPU name (strict_compat reproduces msprobe).
#include "compare/august_table.hpp"
#include "compare/matcher.hpp"

namespace msprobe::compare {

MatchPlan august_match_plan(const dump::DumpFile& npu, const dump::DumpFile& bench, const AugustOptions& options);

}  // namespace msprobe::compare
