#include "dump/json_view.hpp"

#include <rapidjson/document.h>

#include "dump/python_value.hpp"

namespace msprobe::dump {

bool JsonView::is_null() const { return value_ && value_->IsNull(); }
bool JsonView::is_bool() const { return value_ && value_->IsBool(); }
bool JsonView::is_number() const { return value_ && value_->IsNumber(); }
bool JsonView::is_double() const { return value_ && value_->IsDouble(); }
bool JsonView::is_integer() const { return value_ && value_->IsInt64(); }
bool JsonView::is_uint64() const { return value_ && value_->IsUint64(); }
bool JsonView::is_string() const { return value_ && value_->IsString(); }
bool JsonView::is_array() const { return value_ && value_->IsArray(); }
bool JsonView::is_object() const { return value_ && value_->IsObject(); }

std::optional<bool> JsonView::boolean() const {
    if (!is_bool()) return std::nullopt;
    return value_->GetBool();
}

std::optional<double> JsonView::number() const {
    if (!is_number()) return std::nullopt;
    return value_->GetDouble();
}

std::optional<std::int64_t> JsonView::integer() const {
    if (!is_integer()) return std::nullopt;
    return value_->GetInt64();
}

std::optional<std::int32_t> JsonView::int32() const {
    if (!value_ || !value_->IsInt()) return std::nullopt;
    return value_->GetInt();
}

std::optional<std::uint64_t> JsonView::uint64() const {
    if (!is_uint64()) return std::nullopt;
    return value_->GetUint64();
}

std::optional<std::string_view> JsonView::string() const {
    if (!is_string()) return std::nullopt;
    return std::string_view(value_->GetString(), value_->GetStringLength());
}

bool JsonView::truthy() const { return value_ && python_truthy(*value_); }

JsonView JsonView::member(std::string_view key) const {
    if (!is_object()) return {};
    const rapidjson::Value name(rapidjson::StringRef(key.data(), static_cast<rapidjson::SizeType>(key.size())));
    const auto it = value_->FindMember(name);
    if (it == value_->MemberEnd()) return {};
    return it->value;
}

std::size_t JsonView::size() const {
    if (is_object()) return value_->MemberCount();
    if (is_array()) return value_->Size();
    return 0;
}

JsonView JsonView::item(std::size_t index) const {
    if (!is_array() || index >= value_->Size()) return {};
    return (*value_)[static_cast<rapidjson::SizeType>(index)];
}

JsonMember JsonView::member_at(std::size_t index) const {
    if (!is_object() || index >= value_->MemberCount()) return {};
    const auto& m = *(value_->MemberBegin() + static_cast<std::ptrdiff_t>(index));
    return {std::string_view(m.name.GetString(), m.name.GetStringLength()), m.value};
}

}  // namespace msprobe::dump
