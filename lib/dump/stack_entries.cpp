#include "dump/stack_entries.hpp"

#include <fmt/format.h>

#include <rapidjson/document.h>

#include "common/error.hpp"
#include "dump/python_value.hpp"

namespace msprobe::dump {

namespace {

std::string_view key_of(const rapidjson::Value& v) { return {v.GetString(), v.GetStringLength()}; }

}  // namespace

void for_each_stack_entry(const JsonFile& json,
                          const std::function<void(std::string_view api, JsonView frames)>& visit) {
    const auto& root = json.document();
    if (!root.IsObject()) throw Error(json.path(), "the format of the stack.json is incorrect: expected a JSON object");
    auto zero = root.FindMember("0");
    const bool grouped = zero != root.MemberEnd() && python_truthy(zero->value);
    for (const auto& m : root.GetObject()) {
        if (grouped) {
            const auto& v = m.value;
            if (!v.IsArray() || v.Size() != 2 || !v[0].IsArray()) continue;
            if (!v[1].IsArray()) {
                throw Error(json.path(), fmt::format("stack of entry group '{}' is not a list", key_of(m.name)));
            }
            for (const auto& api : v[0].GetArray()) {
                if (api.IsString()) visit(key_of(api), v[1]);
            }
        } else {
            if (!m.value.IsArray()) {
                throw Error(json.path(), fmt::format("stack of '{}' is not a list", key_of(m.name)));
            }
            visit(key_of(m.name), m.value);
        }
    }
}

}  // namespace msprobe::dump
