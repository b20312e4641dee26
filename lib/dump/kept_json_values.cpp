#include "dump/kept_json_values.hpp"

#include <rapidjson/document.h>

#include <algorithm>
#include <deque>

namespace msprobe::dump {

struct KeptJsonValues::Pool {
    rapidjson::MemoryPoolAllocator<> allocator;
    std::deque<rapidjson::Value> values;  // a deque never moves what it holds
};

KeptJsonValues::KeptJsonValues() : pool_(std::make_unique<Pool>()) {}
KeptJsonValues::KeptJsonValues(KeptJsonValues&&) noexcept = default;
KeptJsonValues& KeptJsonValues::operator=(KeptJsonValues&&) noexcept = default;
KeptJsonValues::~KeptJsonValues() = default;

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
