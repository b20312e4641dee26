#include "first_diff/json_copy.hpp"

#include "dump/json_file.hpp"
#include "dump/python_value.hpp"

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

bool json_truthy(const rapidjson::Value* value) { return value && dump::python_truthy(*value); }

std::vector<std::pair<std::string_view, const rapidjson::Value*>> rows_of_state(const rapidjson::Value& op_items,
                                                                                 std::string_view state) {
    std::vector<std::pair<std::string_view, const rapidjson::Value*>> rows;
    if (!op_items.IsArray()) return rows;
    for (const auto& row : op_items.GetArray()) {
        const auto* s = dump::find_member(row, "state");
        if (!s || !s->IsString() || json_text(*s) != state) continue;
        const auto* name = dump::find_member(row, "NPU Name");
        const std::string_view key = name && name->IsString() ? json_text(*name) : std::string_view("None");
        auto same = std::find_if(rows.begin(), rows.end(), [&](const auto& r) { return r.first == key; });
        if (same != rows.end()) {
            same->second = &row;
        } else {
            rows.emplace_back(key, &row);
        }
    }
    return rows;
}

}  // namespace msprobe::first_diff
