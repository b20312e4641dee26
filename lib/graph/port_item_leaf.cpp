#include "graph/port_item_leaf.hpp"

#include <stdexcept>
#include <string_view>
#include <vector>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "dump/json_parse.hpp"

namespace msprobe::graph {

namespace {

using LeafWriter = rapidjson::Writer<rapidjson::StringBuffer, rapidjson::UTF8<>, rapidjson::UTF8<>,
                                     rapidjson::CrtAllocator, rapidjson::kWriteNanAndInfFlag>;

// Recursion is bounded: a dump's values nest at most dump::kMaxJsonDepth levels.
void write_value(const rapidjson::Value& value, LeafWriter& writer) {
    if (value.IsObject()) {
        // Each name once, at its first place, with its last value.
        std::vector<std::pair<std::string_view, const rapidjson::Value*>> members;
        for (const auto& m : value.GetObject()) {
            const std::string_view name(m.name.GetString(), m.name.GetStringLength());
            bool repeated = false;
            for (auto& kept : members) {
                if (kept.first == name) {
                    kept.second = &m.value;
                    repeated = true;
                    break;
                }
            }
            if (!repeated) members.emplace_back(name, &m.value);
        }
        writer.StartObject();
        for (const auto& [name, member] : members) {
            writer.Key(name.data(), static_cast<rapidjson::SizeType>(name.size()));
            write_value(*member, writer);
        }
        writer.EndObject();
    } else if (value.IsArray()) {
        writer.StartArray();
        for (const auto& element : value.GetArray()) write_value(element, writer);
        writer.EndArray();
    } else {
        value.Accept(writer);
    }
}

}  // namespace

std::string compact_leaf_json(const rapidjson::Value& leaf) {
    rapidjson::StringBuffer buffer;
    LeafWriter writer(buffer);
    write_value(leaf, writer);
    return {buffer.GetString(), buffer.GetSize()};
}

LeafObject::LeafObject(const PortItem& item) : allocator_(pool_, sizeof pool_), document_(&allocator_) {
    if (item.leaf.empty()) return;
    text_.reserve(item.leaf.size() + dump::kJsonTextPadding);
    text_ = item.leaf;
    text_.append(dump::kJsonTextPadding, '\0');
    if (dump::parse_json_in_place(document_, text_.data(), item.leaf.size(), dump::Utf8Check::Skip)) {
        throw std::logic_error("a port item's leaf does not read back: " + item.leaf);
    }
    if (document_.IsObject()) object_ = &document_;
}

const rapidjson::Value* LeafObject::member(const char* name) const {
    if (object_ == nullptr) return nullptr;
    const auto found = object_->FindMember(name);
    return found == object_->MemberEnd() ? nullptr : &found->value;
}

}  // namespace msprobe::graph
