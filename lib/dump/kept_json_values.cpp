#include "dump/kept_json_values.hpp"

#include <algorithm>

namespace msprobe::dump {

KeptJsonValues::KeptJsonValues() : pool_(std::make_unique<Pool>()) {}

JsonView KeptJsonValues::keep(const rapidjson::Value& value) {
    return pool_->values.emplace_back(value, pool_->allocator);
}

JsonView KeptJsonValues::keep_members(const rapidjson::Value& value, std::initializer_list<std::string_view> names) {
    if (!value.IsObject()) return keep(value);
    rapidjson::Value& copy = pool_->values.emplace_back(rapidjson::kObjectType);
    for (const auto& member : value.GetObject()) {
        const std::string_view name(member.name.GetString(), member.name.GetStringLength());
        if (std::find(names.begin(), names.end(), name) == names.end()) continue;
        copy.AddMember(rapidjson::Value(member.name, pool_->allocator), rapidjson::Value(member.value, pool_->allocator),
                       pool_->allocator);
    }
    return copy;
}

}  // namespace msprobe::dump
