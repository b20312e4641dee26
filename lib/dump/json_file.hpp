#pragma once
// Loads a JSON file written by msprobe (Python's json module): accepts the
// NaN / Infinity / -Infinity tokens, keeps object member order, keeps ints and
// floats apart, and parses doubles exactly. Errors name the file and offset.
#include <filesystem>
#include <memory>
#include <string>

#include <rapidjson/document.h>

namespace msprobe::dump {

class JsonFile {
public:
    // Throws msprobe::Error (exit 2) when the file is missing, unreadable or malformed.
    static JsonFile load(const std::filesystem::path& path);

    const rapidjson::Value& root() const { return *document_; }
    const std::string& path() const { return path_; }

private:
    std::string path_;
    std::unique_ptr<char[]> text_;  // parsed in place: strings point into it
    std::unique_ptr<rapidjson::Document> document_;
};

// `object[key]`, or nullptr when `object` is not an object or has no such member.
inline const rapidjson::Value* find_member(const rapidjson::Value& object, const char* key) {
    if (!object.IsObject()) return nullptr;
    const auto it = object.FindMember(key);
    return it == object.MemberEnd() ? nullptr : &it->value;
}

}  // namespace msprobe::dump
