#pragma once
// How August msprobe pairs the rows of two dumps: by compare key (backward
// call numbers renumbered, occurrence_compare_keys.hpp), through -cm/-dm (-am and
// -lm for MindSpore), or fuzzily with -fm (call numbers and shapes ignored).
//
// With a mapping msprobe builds the NPU key from the written name while the
// bench key is renumbered, so backward rows meet the wrong bench entry
// whenever renumbering changes a number. We apply -am, -cm and -dm to the
// renumbered NPU name; -lm's generated mapping, which names rows as they are
// written on both sides, gives the bench row whose key the NPU row takes
// (strict_compat reproduces msprobe).
#include <optional>
#include <string>

#include "compare/verdict_table.hpp"
#include "compare/matcher.hpp"

namespace msprobe::compare {

struct VerdictMatch {
    MatchPlan plan;
    // The text of data_mapping_{timestamp}.yaml when -lm generated a mapping.
    std::optional<std::string> generated_mapping_yaml;
};

VerdictMatch verdict_match_plan(const dump::DumpFile& npu, const dump::DumpFile& bench,
                                const VerdictTableOptions& options);

}  // namespace msprobe::compare
