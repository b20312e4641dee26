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
            stack.names_.add(api);
            stack.groups_.push_back(static_cast<std::uint32_t>(stack.line_groups_.size() - 1));
        });
        return stack;
    } catch (...) {
        rethrow_naming(path.string());
    }
}

std::optional<std::size_t> StackFile::group_of(std::string_view api_name) const {
    const auto listed = names_.find(api_name);
    if (!listed) return std::nullopt;
    return groups_[*listed];
}

std::vector<std::string> StackFile::api_names() const { return names_.names(); }

std::optional<std::string> StackFile::stack_text(const std::string& api_name) const {
    const auto group = group_of(api_name);
    if (!group) return std::nullopt;
    return group_texts_[*group];
}

const std::vector<std::string>* StackFile::stack_lines(const std::string& api_name) const {
    const auto group = group_of(api_name);
    return group ? &line_groups_[*group] : nullptr;
}

}  // namespace msprobe::dump
