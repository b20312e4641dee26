#include "dump/stack_file.hpp"

#include "common/input_file.hpp"
#include "dump/json_file.hpp"
#include "dump/python_value.hpp"
#include "dump/stack_entries.hpp"

namespace msprobe::dump {

StackFile StackFile::load(const std::filesystem::path& path) {
    try {
        const JsonFile json = JsonFile::load(path);
        StackFile stack;
        // The keys of one group share their frame list: render it once.
        JsonView rendered;
        std::string text;
        for_each_stack_entry(json, [&](std::string_view api, JsonView frames) {
            if (frames.raw() != rendered.raw()) {
                text = python_str(frames);
                std::vector<std::string> lines;
                lines.reserve(frames.size());
                for (const JsonView line : frames.items()) lines.push_back(python_str(line));
                stack.line_groups_.push_back(std::move(lines));
                stack.group_texts_.push_back(text);
                rendered = frames;
            }
            stack.group_of_[std::string(api)] = stack.line_groups_.size() - 1;
            stack.names_.emplace_back(api);
        });
        return stack;
    } catch (...) {
        rethrow_naming(path.string());
    }
}

std::optional<std::string> StackFile::stack_text(const std::string& api_name) const {
    auto it = group_of_.find(api_name);
    if (it == group_of_.end()) return std::nullopt;
    return group_texts_[it->second];
}

const std::vector<std::string>* StackFile::stack_lines(const std::string& api_name) const {
    auto it = group_of_.find(api_name);
    return it == group_of_.end() ? nullptr : &line_groups_[it->second];
}

}  // namespace msprobe::dump
