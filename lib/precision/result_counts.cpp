#include "precision/result_counts.hpp"

#include "precision/csv_dialect.hpp"
#include "precision/detail_row.hpp"

namespace msprobe::precision {

ApiLevel api_level(const std::string& forward_status, const std::string& backward_status) {
    auto either = [&](const char* status) { return forward_status == status || backward_status == status; };
    if (either(kError)) return ApiLevel::Error;
    if (either(kWarning)) return ApiLevel::Warning;
    if (either(kPass)) return ApiLevel::Pass;
    return ApiLevel::Skip;
}

bool backward_passed(const std::string& backward_status) {
    return backward_status == kPass || backward_status == kSpace;
}

bool api_passed(const std::string& forward_status, const std::string& backward_status) {
    return forward_status == kPass && backward_passed(backward_status);
}

void ResultCounts::add(ApiLevel level) {
    switch (level) {
        case ApiLevel::Pass: ++pass; return;
        case ApiLevel::Warning: ++warning; return;
        case ApiLevel::Error: ++error; return;
        case ApiLevel::Skip: ++skip; return;
    }
}

ResultCounts count_results(const std::filesystem::path& result_csv) {
    ResultCounts counts;
    const auto rows = read_csv(result_csv);
    for (std::size_t r = 1; r < rows.size(); ++r) {  // row 0 is the header
        if (rows[r].size() < 3) continue;
        const ApiLevel level = api_level(rows[r][1], rows[r][2]);
        // The first error replaces a first warning; a warning counts only while there is no error.
        const bool first = level == ApiLevel::Error
                               ? counts.error == 0
                               : level == ApiLevel::Warning && counts.warning == 0 && counts.error == 0;
        if (first) counts.first_problem = FailedApi{level, rows[r][0], rows[r].size() > 3 ? rows[r][3] : ""};
        counts.add(level);
    }
    return counts;
}

}  // namespace msprobe::precision
