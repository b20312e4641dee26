#include "dump/json_value_builder.hpp"

#include <string_view>
#include <type_traits>
#include <variant>

#include "dump/json_number.hpp"
#include "dump/json_parse.hpp"

namespace msprobe::dump {


void JsonValueBuilder::reset() {
    stack_.clear();
    starts_.clear();
    repeated_name_.reset();
    complete_ = false;
    allocator_.Clear();
}

bool JsonValueBuilder::push(rapidjson::Value&& value) {
    stack_.push_back(std::move(value));
    if (starts_.empty()) complete_ = true;  // a scalar on its own is a whole value
    return true;
}

bool JsonValueBuilder::RawNumber(const char* text, rapidjson::SizeType length, bool /*copy*/) {
    return std::visit([this](auto number) { return push(rapidjson::Value(number)); },
                      parse_json_number(std::string_view(text, length)));
}

bool JsonValueBuilder::EndObject(rapidjson::SizeType members) {
    const std::size_t first = starts_.back();
    starts_.pop_back();
    rapidjson::Value object(rapidjson::kObjectType);
    if (starts_.empty() && members > 1) {
        std::vector<std::string_view> names;
        std::vector<std::string_view> scratch;
        names.reserve(members);
        for (std::size_t i = first; i < stack_.size(); i += 2) {
            names.emplace_back(stack_[i].GetString(), stack_[i].GetStringLength());
        }
        if (const auto twice = dump::repeated_name(names, scratch)) repeated_name_ = std::string(*twice);
    }
    for (std::size_t i = first; i < stack_.size(); i += 2) object.AddMember(stack_[i], stack_[i + 1], allocator_);
    stack_.resize(first);
    return push(std::move(object));
}

bool JsonValueBuilder::EndArray(rapidjson::SizeType elements) {
    const std::size_t first = starts_.back();
    starts_.pop_back();
    rapidjson::Value array(rapidjson::kArrayType);
    array.Reserve(elements, allocator_);
    for (std::size_t i = first; i < stack_.size(); ++i) array.PushBack(stack_[i], allocator_);
    stack_.resize(first);
    return push(std::move(array));
}

}  // namespace msprobe::dump
