#include "compare/august_fuzzy_compat.hpp"

#include <algorithm>

#include "common/error.hpp"
#include "compare/entry_verdict_rules.hpp"
#include "compare/fuzzy_compat.hpp"

namespace msprobe::compare {

std::vector<RowPair> august_shifted_fuzzy_pairs(const dump::DumpFile& npu, const dump::DumpFile& bench,
                                                const MatchPlan& plan, CompareMode mode) {
    auto pairs = fuzzy_candidates(npu, bench, plan);
    if (std::any_of(pairs.begin(), pairs.end(), [](const RowPair& p) { return p.bench == kNoBench; })) {
        throw Error(npu.path, "Length mismatch: Expected axis has 18 elements, new values have 20 elements");
    }
    apply_dtype_gate(pairs, npu, bench);
    return mode == CompareMode::Summary ? shifted_fuzzy_pairs(pairs, npu, bench) : pairs;
}

void apply_shifted_md5_verdicts(ResultTable& result, const std::vector<RowPair>& pairs) {
    if (result.mode != CompareMode::Md5) return;
    const auto result_column = static_cast<std::size_t>(result.column("Result"));
    const auto message_column = static_cast<std::size_t>(result.column("Err_message"));
    for (std::size_t row = 0; row < pairs.size() && row < result.table.rows.size(); ++row) {
        if (pairs[row].bench == kNoBench) continue;
        result.table.rows[row][result_column] = report::Cell(level_text(RowVerdict::Level::Error));
        result.table.rows[row][message_column] = report::Cell(messages_json({kCrcDiffersMessage}));
    }
}

}  // namespace msprobe::compare
