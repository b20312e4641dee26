#include "graph/backward_names.hpp"

#include <cctype>

namespace msprobe::graph {

namespace {

std::optional<std::string> trailing_count(std::string_view id, std::string_view direction) {
    const auto dot = id.rfind('.');
    if (dot == std::string_view::npos || dot + 1 == id.size()) return std::nullopt;
    const std::string_view count = id.substr(dot + 1);
    for (const char c : count) {
        if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    }
    const std::string_view before = id.substr(0, dot);
    if (!ends_with(before, std::string(".") + std::string(direction))) return std::nullopt;
    return std::string(count);
}

}  // namespace

bool ends_with(std::string_view text, std::string_view suffix) {
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

std::optional<std::string> module_backward_count(std::string_view id) { return trailing_count(id, "backward"); }
std::optional<std::string> module_forward_count(std::string_view id) { return trailing_count(id, "forward"); }

std::string with_direction(std::string_view id, std::string_view from, std::string_view to, std::string_view count) {
    const auto tail = id.rfind(std::string(".") + std::string(from) + ".");
    return std::string(id.substr(0, tail)) + "." + std::string(to) + "." + std::string(count);
}

std::string direction_twin(std::string_view id, std::string_view from, std::string_view to, bool strict_compat) {
    if (strict_compat) return replace_all(std::string(id), from, to);
    if (const auto count = trailing_count(id, from)) return with_direction(id, from, to, *count);
    const std::string suffix = "." + std::string(from);
    if (ends_with(id, suffix)) return std::string(id.substr(0, id.size() - from.size())) + std::string(to);
    return std::string(id);
}

std::string replace_all(std::string text, std::string_view from, std::string_view to) {
    std::size_t at = 0;
    while ((at = text.find(from, at)) != std::string::npos) {
        text.replace(at, from.size(), to);
        at += to.size();
    }
    return text;
}

}  // namespace msprobe::graph
