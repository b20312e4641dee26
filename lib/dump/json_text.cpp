#include "dump/json_text.hpp"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>

namespace msprobe::dump {

namespace {

using CompactWriter = rapidjson::Writer<rapidjson::StringBuffer, rapidjson::UTF8<>, rapidjson::UTF8<>,
                                        rapidjson::CrtAllocator, rapidjson::kWriteNanAndInfFlag>;

}  // namespace

std::string compact_json(JsonView value, std::initializer_list<std::string_view> omitted) {
    if (!value) return "null";
    rapidjson::StringBuffer buffer;
    CompactWriter writer(buffer);
    if (value.is_object() && omitted.size() != 0) {
        writer.StartObject();
        for (const auto& member : value.members()) {
            if (std::find(omitted.begin(), omitted.end(), member.name) != omitted.end()) continue;
            writer.Key(member.name.data(), static_cast<rapidjson::SizeType>(member.name.size()));
            member.value.raw()->Accept(writer);
        }
        writer.EndObject();
    } else {
        value.raw()->Accept(writer);
    }
    return {buffer.GetString(), buffer.GetSize()};
}

std::string json_string_literal(std::string_view text) {
    rapidjson::StringBuffer buffer;
    CompactWriter writer(buffer);
    writer.String(text.data(), static_cast<rapidjson::SizeType>(text.size()));
    return {buffer.GetString(), buffer.GetSize()};
}

}  // namespace msprobe::dump
