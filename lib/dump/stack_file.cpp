#include "dump/stack_file.hpp"

#include "dump/json_file.hpp"
#include "dump/python_value.hpp"
#include "dump/stack_entries.hpp"

namespace msprobe::dump {

StackFile StackFile::load(const std::filesystem::path& path) {
    const JsonFile json = JsonFile::load(path);
    StackFile stack;
    // The keys of one group share their frame list: render it once.
    const rapidjson::Value* rendered = nullptr;
    std::string text;
    for_each_stack_entry(json, [&](std::string_view api, const rapidjson::Value& frames) {
        if (&frames != rendered) {
            text = python_str(frames);
            rendered = &frames;
        }
        stack.texts_[std::string(api)] = text;
    });
    return stack;
}

std::optional<std::string> StackFile::stack_text(const std::string& api_name) const {
    auto it = texts_.find(api_name);
    if (it == texts_.end()) return std::nullopt;
    return it->second;
}

}  // namespace msprobe::dump
