#include "first_diff/json_copy.hpp"

#include <algorithm>
#include <string_view>

namespace msprobe::first_diff {

void copy_json_value(py::JsonWriter& out, dump::JsonView value) {
    if (const auto flag = value.boolean()) {
        out.boolean(*flag);
    } else if (const auto integer = value.integer()) {
        out.integer(*integer);
    } else if (const auto number = value.number()) {
        out.number(*number);
    } else if (const auto text = value.string()) {
        out.string(*text);
    } else if (value.is_array()) {
        out.begin_array();
        for (const dump::JsonView item : value.items()) copy_json_value(out, item);
        out.end_array();
    } else if (value.is_object()) {
        out.begin_object();
        for (const auto& m : value.members()) {
            out.key(m.name);
            copy_json_value(out, m.value);
        }
        out.end_object();
    } else {
        out.null();
    }
}

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
