#include "data2db/trend_tags.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "common/python_str.hpp"

namespace msprobe::data2db {

namespace {

// Python's str.isdigit on ASCII text.
bool is_digits(std::string_view text) {
    return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

void add_once(std::vector<TrendTag>& tags, std::string name, const char* category) {
    TrendTag tag{std::move(name), category};
    if (std::find(tags.begin(), tags.end(), tag) == tags.end()) tags.push_back(std::move(tag));
}

std::string joined(const std::vector<std::string_view>& parts, std::size_t begin, std::size_t end) {
    std::string text;
    for (std::size_t i = begin; i < end; ++i) {
        if (i != begin) text += '.';
        text += parts[i];
    }
    return text;
}

}  // namespace

std::vector<TrendTag> dump_target_tags(std::string_view target_name) {
    const auto parts = py::split(target_name, '.');
    if (parts.size() < 3) return {};
    std::vector<TrendTag> tags;
    add_once(tags, joined(parts, parts.size() - 2, parts.size()), "index");
    std::vector<std::string_view> filtered;
    bool is_module = false;
    for (std::size_t i = 0; i + 2 < parts.size(); ++i) {
        if (parts[i] == "Module" || parts[i] == "Cell") {
            add_once(tags, std::string(parts[i]), "default");
            is_module = true;
        } else {
            filtered.push_back(parts[i]);
        }
    }
    if (filtered.empty()) return {};
    if (!is_module) {
        add_once(tags, joined(filtered, 0, filtered.size()), "function");
        return tags;
    }
    // A number after a name is a layer ("layers.1"); the names between two layers are a module.
    std::vector<std::ptrdiff_t> consumed{-1};
    for (std::size_t i = 0; i < filtered.size(); ++i) {
        if (!is_digits(filtered[i])) continue;
        const auto at = static_cast<std::ptrdiff_t>(i);
        if (i == 0 || std::find(consumed.begin(), consumed.end(), at - 1) != consumed.end()) {
            consumed.push_back(at);
            continue;
        }
        add_once(tags, fmt::format("{}.{}", filtered[i - 1], filtered[i]), "layer");
        const auto from = static_cast<std::size_t>(consumed.back() + 1);
        if (from < i - 1) {
            std::string before = joined(filtered, from, i - 1);
            if (!before.empty()) add_once(tags, std::move(before), "module");
        }
        consumed.push_back(at);
    }
    const auto last = static_cast<std::size_t>(consumed.back() + 1);
    if (last < filtered.size()) {
        std::string rest = joined(filtered, last, filtered.size());
        if (!rest.empty()) add_once(tags, std::move(rest), "module");
    }
    return tags;
}

std::vector<TrendTag> monitor_target_tags(std::string_view target_name) {
    auto parts = py::split(target_name, '.');
    std::reverse(parts.begin(), parts.end());
    std::vector<TrendTag> tags;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (!is_digits(parts[i])) {
            add_once(tags, std::string(parts[i]), "module");
            continue;
        }
        if (i + 1 == parts.size() || is_digits(parts[i + 1])) continue;
        add_once(tags, fmt::format("{}.{}", parts[i + 1], parts[i]), "layer");
    }
    return tags;
}

}  // namespace msprobe::data2db
