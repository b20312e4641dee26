#include "dump/json_text.hpp"

#include <utility>
#include <vector>

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace msprobe::dump {

namespace {

using CompactWriter = rapidjson::Writer<rapidjson::StringBuffer, rapidjson::UTF8<>, rapidjson::UTF8<>,
                                        rapidjson::CrtAllocator, rapidjson::kWriteNanAndInfFlag>;

// Recursion is bounded: a parsed value nests at most kMaxJsonDepth levels.
void write_as_python_reads(const rapidjson::Value& value, CompactWriter& writer) {
    if (value.IsObject()) {
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
            write_as_python_reads(*member, writer);
        }
        writer.EndObject();
    } else if (value.IsArray()) {
        writer.StartArray();
        for (const auto& element : value.GetArray()) write_as_python_reads(element, writer);
        writer.EndArray();
    } else {
        value.Accept(writer);
    }
}

}  // namespace

std::string compact_json(JsonView value, RepeatedMembers repeated) {
    if (!value) return "null";
    rapidjson::StringBuffer buffer;
    CompactWriter writer(buffer);
    if (repeated == RepeatedMembers::AsPythonReads) {
        write_as_python_reads(*value.raw(), writer);
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
