#include "dump/json_text.hpp"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace msprobe::dump {

namespace {

using CompactWriter = rapidjson::Writer<rapidjson::StringBuffer, rapidjson::UTF8<>, rapidjson::UTF8<>,
                                        rapidjson::CrtAllocator, rapidjson::kWriteNanAndInfFlag>;

}  // namespace

std::string compact_json(JsonView value) {
    if (!value) return "null";
    rapidjson::StringBuffer buffer;
    CompactWriter writer(buffer);
    value.raw()->Accept(writer);
    return {buffer.GetString(), buffer.GetSize()};
}

std::string json_string_literal(std::string_view text) {
    rapidjson::StringBuffer buffer;
    CompactWriter writer(buffer);
    writer.String(text.data(), static_cast<rapidjson::SizeType>(text.size()));
    return {buffer.GetString(), buffer.GetSize()};
}

}  // namespace msprobe::dump
