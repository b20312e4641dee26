#pragma once
// msprobe's check_and_get_from_json_dict: a field that must be present (not null), of a type and maybe one of
// some values; a failure is a CheckSkipped with msprobe's sentence (prefix "... parse json failed: ").
#include <string>
#include <string_view>
#include <vector>

#include "dump/json_view.hpp"

namespace msprobe::ms_api_check {

// The Python types a field may be, and how msprobe's message prints them.
enum class FieldType { Any, Str, StrInTuple, List, ListInTuple, Dict, Number };

// dict_instance[key], checked; `description` names it as msprobe does ("dtype field in api_info.json").
// `accepted_values`, when not empty, is printed as Python prints dict_keys([...]) of them.
dump::JsonView required_field(dump::JsonView dict_instance, std::string_view key, const std::string& description,
                              FieldType type = FieldType::Any, const std::vector<std::string>& accepted_values = {});

// Python's text of the `accepted_type` argument, e.g. "(<class 'list'>,)".
std::string accepted_type_text(FieldType type);

}  // namespace msprobe::ms_api_check
