#include "dump/stack_file.hpp"

#include <fmt/format.h>

#include "common/error.hpp"
#include "dump/json_file.hpp"
#include "dump/python_value.hpp"

namespace msprobe::dump {

namespace {

std::string key_of(const rapidjson::Value& v) { return std::string(v.GetString(), v.GetStringLength()); }

// str() of each line (lines are strings in every stack.json msprobe writes).
std::vector<std::string> lines_of(const rapidjson::Value& list) {
    std::vector<std::string> lines;
    for (const auto& line : list.GetArray()) lines.push_back(python_str(line));
    return lines;
}

bool truthy(const rapidjson::Value& v) {
    if (v.IsNull()) return false;
    if (v.IsBool()) return v.GetBool();
    if (v.IsNumber()) return v.GetDouble() != 0;
    if (v.IsString()) return v.GetStringLength() > 0;
    if (v.IsArray()) return !v.Empty();
    return !v.ObjectEmpty();
}

}  // namespace

StackFile StackFile::load(const std::filesystem::path& path) {
    const JsonFile json = JsonFile::load(path);
    const auto& root = json.root();
    if (!root.IsObject()) throw Error(json.path(), "the format of the stack.json is incorrect: expected a JSON object");
    StackFile stack;
    auto zero = root.FindMember("0");
    const bool new_format = zero != root.MemberEnd() && truthy(zero->value);
    for (const auto& m : root.GetObject()) {
        if (new_format) {
            const auto& v = m.value;
            if (!v.IsArray() || v.Size() != 2 || !v[0].IsArray()) continue;
            if (!v[1].IsArray()) {
                throw Error(json.path(), fmt::format("stack of entry group '{}' is not a list", key_of(m.name)));
            }
            const std::string text = python_str(v[1]);
            for (const auto& api : v[0].GetArray()) {
                if (api.IsString()) {
                    stack.texts_[key_of(api)] = text;
                    if (stack.lines_.insert_or_assign(key_of(api), lines_of(v[1])).second) stack.names_.push_back(key_of(api));
                }
            }
        } else {
            if (!m.value.IsArray()) {
                throw Error(json.path(), fmt::format("stack of '{}' is not a list", key_of(m.name)));
            }
            stack.texts_[key_of(m.name)] = python_str(m.value);
            if (stack.lines_.insert_or_assign(key_of(m.name), lines_of(m.value)).second) stack.names_.push_back(key_of(m.name));
        }
    }
    return stack;
}

std::optional<std::string> StackFile::stack_text(const std::string& api_name) const {
    auto it = texts_.find(api_name);
    if (it == texts_.end()) return std::nullopt;
    return it->second;
}

const std::vector<std::string>* StackFile::stack_lines(const std::string& api_name) const {
    auto it = lines_.find(api_name);
    return it == lines_.end() ? nullptr : &it->second;
}

}  // namespace msprobe::dump
