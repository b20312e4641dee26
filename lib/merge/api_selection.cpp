#include "merge/api_selection.hpp"

#include <algorithm>
#include <string_view>
#include <unordered_set>

namespace msprobe::merge {

ApiSelection select_api_rows(const std::vector<std::string>& apis, const std::vector<std::string>& names) {
    ApiSelection selection;
    std::unordered_set<std::string_view> selected;
    for (const auto& api : apis) {
        const std::string pattern = api + ".";
        bool matched = false;
        for (std::size_t r = 0; r < names.size(); ++r) {
            if (names[r].find(pattern) == std::string::npos) continue;
            matched = true;
            if (selected.insert(names[r]).second) selection.rows.push_back(r);
        }
        if (!matched) selection.unmatched.push_back(api);
    }
    return selection;
}

ApiRowFilter::ApiRowFilter(const std::vector<std::string>& apis) {
    for (const auto& api : apis) patterns_.push_back(api + ".");
}

bool ApiRowFilter::keeps(std::string_view name) {
    const bool selectable = std::any_of(patterns_.begin(), patterns_.end(), [&](const std::string& pattern) {
        return name.find(pattern) != std::string_view::npos;
    });
    return selectable && kept_.emplace(name).second;
}

}  // namespace msprobe::merge
