#include "first_diff/json_copy.hpp"

#include "dump/json_file.hpp"
#include "dump/python_value.hpp"

#include <algorithm>
#include <string_view>

namespace msprobe::first_diff {

void copy_json_value(py::JsonWriter& out, const rapidjson::Value& value) {
    if (value.IsNull()) {
        out.null();
    } else if (value.IsBool()) {
        out.boolean(value.GetBool());
    } else if (value.IsInt64()) {
        out.integer(value.GetInt64());
    } else if (value.IsNumber()) {
        out.number(value.GetDouble());
    } else if (value.IsString()) {
        out.string(std::string_view(value.GetString(), value.GetStringLength()));
    } else if (value.IsArray()) {
        out.begin_array();
        for (const auto& item : value.GetArray()) copy_json_value(out, item);
        out.end_array();
    } else {
        out.begin_object();
        for (const auto& m : value.GetObject()) {
            out.key(std::string_view(m.name.GetString(), m.name.GetStringLength()));
            copy_json_value(out, m.value);
        }
        out.end_object();
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
