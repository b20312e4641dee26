#include "dump/python_value.hpp"

#include <vector>

#include <rapidjson/document.h>

#include "common/python_text.hpp"

namespace msprobe::dump {

std::string python_number_text(const rapidjson::Value& value) {
    if (value.IsInt64()) return std::to_string(value.GetInt64());
    if (value.IsUint64()) return std::to_string(value.GetUint64());
    return py::float_repr(value.GetDouble());
}

std::string python_str(JsonView value) { return value.present() ? python_str(*value.raw()) : "None"; }

std::string python_repr(const rapidjson::Value& value) {
    if (value.IsString()) return py::str_repr(std::string_view(value.GetString(), value.GetStringLength()));
    return python_str(value);
}

std::string python_str(const rapidjson::Value& value) {
    switch (value.GetType()) {
        case rapidjson::kNullType: return "None";
        case rapidjson::kFalseType: return "False";
        case rapidjson::kTrueType: return "True";
        case rapidjson::kNumberType: return python_number_text(value);
        case rapidjson::kStringType: return std::string(value.GetString(), value.GetStringLength());
        case rapidjson::kArrayType: {
            std::vector<std::string> items;
            items.reserve(value.Size());
            for (const auto& item : value.GetArray()) items.push_back(python_repr(item));
            return py::list_text(items);
        }
        case rapidjson::kObjectType: {
            std::string out = "{";
            bool first = true;
            for (const auto& member : value.GetObject()) {
                if (!first) out += ", ";
                first = false;
                out += python_repr(member.name) + ": " + python_repr(member.value);
            }
            return out + "}";
        }
    }
    return "None";
}

std::string python_type_text(const rapidjson::Value& value) {
    switch (value.GetType()) {
        case rapidjson::kNullType: return "<class 'NoneType'>";
        case rapidjson::kFalseType:
        case rapidjson::kTrueType: return "<class 'bool'>";
        case rapidjson::kNumberType: return value.IsDouble() ? "<class 'float'>" : "<class 'int'>";
        case rapidjson::kStringType: return "<class 'str'>";
        case rapidjson::kArrayType: return "<class 'list'>";
        case rapidjson::kObjectType: return "<class 'dict'>";
    }
    return "<class 'NoneType'>";
}

std::string numpy_shape_text(const rapidjson::Value& value) {
    // numpy stacks nested lists while every level is a list of equal-length lists.
    std::vector<std::string> dims;
    const rapidjson::Value* level = &value;
    while (level->IsArray()) {
        dims.push_back(std::to_string(level->Size()));
        if (level->Empty()) break;
        const auto& first = (*level)[0];
        if (!first.IsArray()) break;
        bool uniform = true;
        for (const auto& item : level->GetArray()) {
            if (!item.IsArray() || item.Size() != first.Size()) uniform = false;
        }
        if (!uniform) break;
        level = &first;
    }
    return py::tuple_text(dims);
}

bool python_truthy(const rapidjson::Value& value) {
    if (value.IsNull()) return false;
    if (value.IsBool()) return value.GetBool();
    if (value.IsNumber()) return value.GetDouble() != 0;
    if (value.IsString()) return value.GetStringLength() > 0;
    if (value.IsArray()) return !value.Empty();
    return !value.ObjectEmpty();
}

}  // namespace msprobe::dump
