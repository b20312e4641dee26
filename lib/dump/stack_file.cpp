#include "dump/stack_file.hpp"

#include <algorithm>
#include <bit>
#include <functional>
#include <limits>
#include <stdexcept>

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
            stack.add_name(api, stack.line_groups_.size() - 1);
        });
        stack.index_names();
        return stack;
    } catch (...) {
        rethrow_naming(path.string());
    }
}

void StackFile::add_name(std::string_view api_name, std::size_t group) {
    if (names_.size() + api_name.size() > std::numeric_limits<std::uint32_t>::max() ||
        name_ends_.size() >= std::numeric_limits<std::uint32_t>::max() / 4) {
        throw std::length_error("stack.json lists more names than one index holds (4 GiB of text, or 2^30 names)");
    }
    names_ += api_name;
    name_ends_.push_back(static_cast<std::uint32_t>(names_.size()));
    groups_.push_back(static_cast<std::uint32_t>(group));
}

std::string_view StackFile::name(std::size_t position) const {
    const std::size_t begin = position == 0 ? 0 : name_ends_[position - 1];
    return std::string_view(names_).substr(begin, name_ends_[position] - begin);
}

void StackFile::index_names() {
    slots_.assign(std::bit_ceil(std::max<std::size_t>(16, 2 * name_ends_.size())), 0);
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = 0; i < name_ends_.size(); ++i) {
        const std::string_view listed = name(i);
        std::size_t s = std::hash<std::string_view>{}(listed)&mask;
        while (slots_[s] != 0 && name(slots_[s] - 1) != listed) s = (s + 1) & mask;
        slots_[s] = static_cast<std::uint32_t>(i + 1);  // a later listing of a name replaces the earlier
    }
}

std::optional<std::size_t> StackFile::group_of(std::string_view api_name) const {
    if (slots_.empty()) return std::nullopt;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t s = std::hash<std::string_view>{}(api_name)&mask; slots_[s] != 0; s = (s + 1) & mask) {
        if (name(slots_[s] - 1) == api_name) return groups_[slots_[s] - 1];
    }
    return std::nullopt;
}

std::vector<std::string> StackFile::api_names() const {
    std::vector<std::string> names;
    names.reserve(name_ends_.size());
    for (std::size_t i = 0; i < name_ends_.size(); ++i) names.emplace_back(name(i));
    return names;
}

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
