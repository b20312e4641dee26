#include "first_diff/json_copy.hpp"

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

const rapidjson::Value* json_member(const rapidjson::Value& object, const char* key) {
    if (!object.IsObject()) return nullptr;
    auto it = object.FindMember(key);
    return it == object.MemberEnd() ? nullptr : &it->value;
}

}  // namespace msprobe::first_diff
