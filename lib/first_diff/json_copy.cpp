#include "first_diff/json_copy.hpp"

#include <algorithm>
#include <string_view>

namespace msprobe::first_diff {

std::vector<std::pair<std::string_view, dump::JsonView>> rows_of_state(dump::JsonView op_items,
                                                                       std::string_view state) {
    std::vector<std::pair<std::string_view, dump::JsonView>> rows;
    for (const dump::JsonView row : op_items.items()) {
        if (row.member("state").string() != state) continue;
        const std::string_view key = row.member("NPU Name").string().value_or("None");
        auto same = std::find_if(rows.begin(), rows.end(), [&](const auto& r) { return r.first == key; });
        if (same != rows.end()) {
            same->second = row;
        } else {
            rows.emplace_back(key, row);
        }
    }
    return rows;
}

}  // namespace msprobe::first_diff
