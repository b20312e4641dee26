#include "dump/digest_detection.hpp"

#include <cstring>

#include <rapidjson/document.h>

namespace msprobe::dump {

namespace {

bool object_has_md5(const rapidjson::Value& value) {
    return value.IsObject() && value.FindMember("md5") != value.MemberEnd();
}

}  // namespace

bool entry_has_digest(const rapidjson::Value& entry) {
    if (!entry.IsObject()) return false;
    for (const auto& section : entry.GetObject()) {
        const auto& v = section.value;
        if (v.IsArray()) {
            for (const auto& item : v.GetArray()) {
                if (item.IsObject() && !item.ObjectEmpty() && object_has_md5(item)) return true;
            }
        } else if (v.IsBool()) {
            continue;
        } else if (v.IsObject()) {
            if (object_has_md5(v)) return true;
        } else if (v.IsString()) {
            if (std::strstr(v.GetString(), "md5") != nullptr) return true;
        }
    }
    return false;
}

bool has_digest_anywhere(const rapidjson::Value& value) {
    if (value.IsObject()) {
        if (object_has_md5(value)) return true;
        for (const auto& m : value.GetObject()) {
            if (has_digest_anywhere(m.value)) return true;
        }
    } else if (value.IsArray()) {
        for (const auto& item : value.GetArray()) {
            if (has_digest_anywhere(item)) return true;
        }
    }
    return false;
}

}  // namespace msprobe::dump
