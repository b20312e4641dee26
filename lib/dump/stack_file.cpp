#include "dump/stack_file.hpp"

#include <fmt/format.h>

#include "common/error.hpp"
#include "dump/json_file.hpp"
#include "dump/python_value.hpp"

namespace msprobe::dump {

namespace {

std::string key_of(const rapidjson::Value& v) { return std::string(v.GetString(), v.GetStringLength()); }

bool truthy(const rapidjson::Value& v) {
    if (v.IsNull()) return false;
    if (v.IsBool()) return v.GetBool();
    if (v.IsNumber()) return v.GetDouble() != 0;
    if (v.IsString()) return v.GetStringLength() > 0;
    if (v.IsArray()) return !v.Empty();
    return !v.ObjectEmpty();
}

std::vector<std::string> lines_of(const rapidjson::Value& list) {
    std::vector<std::string> lines;
    lines.reserve(list.Size());
    for (const auto& line : list.GetArray()) lines.push_back(line.IsString() ? key_of(line) : python_str(line));
    return lines;
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
            stack.line_groups_.push_back(lines_of(v[1]));
            for (const auto& api : v[0].GetArray()) {
                if (!api.IsString()) continue;
                stack.texts_[key_of(api)] = text;
                stack.group_of_[key_of(api)] = stack.line_groups_.size() - 1;
            }
        } else {
            if (!m.value.IsArray()) {
                throw Error(json.path(), fmt::format("stack of '{}' is not a list", key_of(m.name)));
            }
            stack.texts_[key_of(m.name)] = python_str(m.value);
            stack.line_groups_.push_back(lines_of(m.value));
            stack.group_of_[key_of(m.name)] = stack.line_groups_.size() - 1;
        }
    }
    return stack;
}

std::optional<std::string> StackFile::stack_text(const std::string& api_name) const {
    auto it = texts_.find(api_name);
    if (it == texts_.end()) return std::nullopt;
    return it->second;
}

std::optional<std::vector<std::string>> StackFile::stack_lines(const std::string& api_name) const {
    auto it = group_of_.find(api_name);
    if (it == group_of_.end()) return std::nullopt;
    return line_groups_[it->second];
}

}  // namespace msprobe::dump
