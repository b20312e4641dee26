#include "atb_compare/matched_rows.hpp"

#include <string_view>
#include <unordered_map>

namespace msprobe::atb {

std::vector<MatchedRow> matched_rows(const StatisticCsv& target, const StatisticCsv& golden) {
    std::unordered_map<std::string_view, const StatisticRow*> by_name;
    for (const auto& row : golden.rows) by_name.emplace(row.data_name, &row);
    std::vector<MatchedRow> matched;
    for (const auto& row : target.rows) {
        const auto found = by_name.find(row.data_name);
        if (found != by_name.end()) matched.push_back({&row, found->second});
    }
    return matched;
}

}  // namespace msprobe::atb
