#include "ms_api_check/json_fields.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/python_text.hpp"
#include "ms_api_check/check_skipped.hpp"

namespace msprobe::ms_api_check {

namespace {

bool has_type(dump::JsonView v, FieldType type) {
    switch (type) {
        case FieldType::Any: return true;
        case FieldType::Str:
        case FieldType::StrInTuple: return v.is_string();
        case FieldType::List:
        case FieldType::ListInTuple: return v.is_array();
        case FieldType::Dict: return v.is_object();
        case FieldType::Number: return v.is_number() || v.is_bool();  // Python's bool is an int
    }
    return true;
}

[[noreturn]] void fail(const std::string& what) {
    throw CheckSkipped(std::string(kParseJsonFailed) + "check_and_get_from_json_dict failed: " + what);
}

}  // namespace

std::string accepted_type_text(FieldType type) {
    switch (type) {
        case FieldType::Any: return "None";
        case FieldType::Str: return "<class 'str'>";
        case FieldType::StrInTuple: return "(<class 'str'>,)";
        case FieldType::List: return "<class 'list'>";
        case FieldType::ListInTuple: return "(<class 'list'>,)";
        case FieldType::Dict: return "<class 'dict'>";
        case FieldType::Number: return "(<class 'int'>, <class 'float'>)";
    }
    return "None";
}

dump::JsonView required_field(dump::JsonView dict_instance, std::string_view key, const std::string& description,
                              FieldType type, const std::vector<std::string>& accepted_values) {
    if (!dict_instance.is_object()) fail("input is not a dict");
    const auto value = dict_instance.member(key);
    if (!value || value.is_null()) fail(description + " is missing");
    if (!has_type(value, type)) fail(fmt::format("{} is not accepted type: {}", description, accepted_type_text(type)));
    if (!accepted_values.empty() &&
        std::find(accepted_values.begin(), accepted_values.end(), value.text()) == accepted_values.end()) {
        std::vector<std::string> quoted;
        for (const auto& v : accepted_values) quoted.push_back(py::str_repr(v));
        fail(fmt::format("{} is not accepted value: dict_keys({})", description, py::list_text(quoted)));
    }
    return value;
}

}  // namespace msprobe::ms_api_check
