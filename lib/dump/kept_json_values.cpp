#include "dump/kept_json_values.hpp"

#include <rapidjson/document.h>

#include <algorithm>
#include <cstdint>
#include <deque>

namespace msprobe::dump {

namespace {

using Allocator = rapidjson::MemoryPoolAllocator<>;

// Forwards a value's events to a document with every string copied: a value of a file parsed in place only
// points to its strings, which go when the file goes.
struct CopyingHandler {
    rapidjson::Document& to;

    bool Null() { return to.Null(); }
    bool Bool(bool b) { return to.Bool(b); }
    bool Int(int i) { return to.Int(i); }
    bool Uint(unsigned u) { return to.Uint(u); }
    bool Int64(std::int64_t i) { return to.Int64(i); }
    bool Uint64(std::uint64_t u) { return to.Uint64(u); }
    bool Double(double d) { return to.Double(d); }
    bool RawNumber(const char* text, rapidjson::SizeType length, bool) { return to.RawNumber(text, length, true); }
    bool String(const char* text, rapidjson::SizeType length, bool) { return to.String(text, length, true); }
    bool Key(const char* text, rapidjson::SizeType length, bool) { return to.Key(text, length, true); }
    bool StartObject() { return to.StartObject(); }
    bool EndObject(rapidjson::SizeType members) { return to.EndObject(members); }
    bool StartArray() { return to.StartArray(); }
    bool EndArray(rapidjson::SizeType elements) { return to.EndArray(elements); }
};

rapidjson::Value deep_copy(const rapidjson::Value& value, Allocator& allocator) {
    rapidjson::Document copy(&allocator);
    auto generate = [&value](rapidjson::Document& to) {
        CopyingHandler handler{to};
        return value.Accept(handler);
    };
    copy.Populate(generate);
    return std::move(static_cast<rapidjson::Value&>(copy));
}

}  // namespace

struct KeptJsonValues::Pool {
    Allocator allocator;
    std::deque<rapidjson::Value> values;  // a deque never moves what it holds
};

KeptJsonValues::KeptJsonValues() : pool_(std::make_unique<Pool>()) {}
KeptJsonValues::KeptJsonValues(KeptJsonValues&&) noexcept = default;
KeptJsonValues& KeptJsonValues::operator=(KeptJsonValues&&) noexcept = default;
KeptJsonValues::~KeptJsonValues() = default;

JsonView KeptJsonValues::keep(JsonView value) {
    if (!value) return pool_->values.emplace_back();
    return pool_->values.emplace_back(deep_copy(*value.raw(), pool_->allocator));
}

JsonView KeptJsonValues::keep_members(JsonView value, std::initializer_list<std::string_view> names) {
    if (!value.is_object()) return keep(value);
    auto& allocator = pool_->allocator;
    rapidjson::Value& copy = pool_->values.emplace_back(rapidjson::kObjectType);
    for (const auto& member : value.raw()->GetObject()) {
        const std::string_view name(member.name.GetString(), member.name.GetStringLength());
        if (std::find(names.begin(), names.end(), name) == names.end()) continue;
        copy.AddMember(deep_copy(member.name, allocator), deep_copy(member.value, allocator), allocator);
    }
    return copy;
}

}  // namespace msprobe::dump
