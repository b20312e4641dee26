#include "dump/dump_file.hpp"

#include <cstring>

#include <rapidjson/document.h>

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "dump/flatten.hpp"
#include "dump/json_file.hpp"

namespace msprobe::dump {

namespace {

bool object_has_md5(const rapidjson::Value& value) {
    return value.IsObject() && value.FindMember("md5") != value.MemberEnd();
}

// msprobe's detection looks one level into each entry's sections only.
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

// debug.json files are searched at every depth.
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

std::string text_member(const rapidjson::Value& root, const char* key) {
    auto it = root.FindMember(key);
    if (it == root.MemberEnd() || !it->value.IsString()) return {};
    return std::string(it->value.GetString(), it->value.GetStringLength());
}

}  // namespace

std::filesystem::path DumpFile::tensor_dir() const {
    return std::filesystem::path(path).parent_path() / "dump_tensor_data";
}

DumpFile read_dump_file(const std::filesystem::path& path) {
    try {
        const JsonFile json = JsonFile::load(path);
        const auto& root = json.document();
        DumpFile dump;
        dump.path = json.path();
        if (!root.IsObject()) throw Error(dump.path, "the top level is not a JSON object");
        dump.task = text_member(root, "task");
        if (dump.task.empty()) throw Error(dump.path, "'task' is missing or empty");
        dump.level = text_member(root, "level");
        dump.framework = text_member(root, "framework");
        dump.is_debug = path.filename() == "debug.json";

        auto data = root.FindMember("data");
        if (data == root.MemberEnd()) throw Error(dump.path, "'data' is missing");
        if (!data->value.IsObject()) throw Error(dump.path, "'data' is not a JSON object");

        const auto& entries = data->value;
        dump.api_names.reserve(entries.MemberCount());
        dump.rows.reserve(entries.MemberCount() * 4);
        for (const auto& entry : entries.GetObject()) {
            const auto index = static_cast<std::uint32_t>(dump.api_names.size());
            dump.api_names.emplace_back(entry.name.GetString(), entry.name.GetStringLength());
            flatten_entry(dump.api_names.back(), entry.value, index, dump.path, dump.rows);
            if (!dump.has_digests) {
                dump.has_digests = dump.is_debug ? has_digest_anywhere(entry.value) : entry_has_digest(entry.value);
            }
        }
        return dump;
    } catch (...) {
        rethrow_naming(path.string());
    }
}

}  // namespace msprobe::dump
