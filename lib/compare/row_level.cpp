#include "compare/row_level.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "compare/advisor.hpp"

namespace msprobe::compare {

std::string_view level_name(RowLevel level) {
    switch (level) {
        case RowLevel::Pass: return "pass";
        case RowLevel::Warning: return "warning";
        case RowLevel::Error: break;
    }
    return "error";
}

std::vector<RowVerdict> row_verdicts(const ResultTable& result, const HighlightVerdict& highlight) {
    std::vector<RowVerdict> verdicts(result.table.rows.size());
    const auto criterion = failing_criterion(result);
    for (std::size_t row : failing_rows(result)) {
        verdicts[row].level = RowLevel::Error;
        verdicts[row].reasons.push_back(fmt::format("{}: {}", criterion.column, criterion.failing_text));
    }
    for (std::size_t row = 0; row < verdicts.size(); ++row) {
        const auto fill = row < highlight.fills.size() ? highlight.fills[row] : report::RowFill::None;
        if (fill == report::RowFill::None) continue;
        auto& v = verdicts[row];
        const RowLevel level = fill == report::RowFill::Red ? RowLevel::Error : RowLevel::Warning;
        if (level > v.level) v.level = level;
        for (const char* message : highlight.messages[row]) {
            // The rules repeat a message once per input row; a reason is said once.
            if (std::find(v.reasons.begin(), v.reasons.end(), message) == v.reasons.end())
                v.reasons.emplace_back(message);
        }
    }
    return verdicts;
}

}  // namespace msprobe::compare
