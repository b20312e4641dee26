#include "common/python_str.hpp"

namespace msprobe::py {

std::string replace_all(std::string_view text, std::string_view from, std::string_view to) {
    if (from.empty()) return std::string(text);  // never asked for; Python would interleave
    std::string out;
    std::size_t start = 0;
    for (std::size_t hit = text.find(from); hit != std::string_view::npos; hit = text.find(from, start)) {
        out.append(text.substr(start, hit - start)).append(to);
        start = hit + from.size();
    }
    out.append(text.substr(start));
    return out;
}

std::string replace_first(std::string_view text, std::string_view from, std::string_view to) {
    const std::size_t hit = text.find(from);
    if (hit == std::string_view::npos) return std::string(text);
    std::string out(text.substr(0, hit));
    out.append(to).append(text.substr(hit + from.size()));
    return out;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    for (std::size_t at = text.find(separator); at != std::string_view::npos; at = text.find(separator, start)) {
        parts.push_back(text.substr(start, at - start));
        start = at + 1;
    }
    parts.push_back(text.substr(start));
    return parts;
}

std::vector<std::string_view> split_dots(std::string_view text) { return split(text, '.'); }

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

}  // namespace msprobe::py
