#include "parse/api_query.hpp"

#include <algorithm>

namespace msprobe::parse {

namespace {

bool starts_with(const std::string& text, const std::string& prefix) {
    return text.compare(0, prefix.size(), prefix) == 0;
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

}  // namespace

std::vector<std::size_t> select_entries(const std::vector<std::string>& names, const ApiQuery& query) {
    std::vector<std::size_t> selected;
    auto collect = [&](auto&& keep) {
        for (std::size_t i = 0; i < names.size(); ++i) {
            if (keep(names[i])) selected.push_back(i);
        }
        return !selected.empty();
    };
    const std::string& text = query.text;
    if (!query.prefix_only) {
        if (collect([&](const std::string& n) { return n == text; }) || query.exact_only) return selected;
        if (collect([&](const std::string& n) { return n == text + ".forward" || n == text + ".backward"; })) {
            return selected;
        }
    }
    collect([&](const std::string& n) { return starts_with(n, text); });
    return selected;
}

bool may_select(std::string_view name, const ApiQuery& query) {
    // Each rule of select_entries picks names that start with the text; --exact only the text itself.
    if (query.exact_only && !query.prefix_only) return name == query.text;
    return name.substr(0, query.text.size()) == query.text;
}

std::string not_found_message(const std::vector<std::string>& names, const ApiQuery& query, const std::string& file) {
    std::vector<std::pair<std::size_t, std::string>> scored;
    for (const auto& n : names) scored.emplace_back(edit_distance(n, query.text), n);
    std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::string message = "API " + query.text + " not found in " + file;
    if (!scored.empty()) {
        message += " (closest:";
        for (std::size_t i = 0; i < scored.size() && i < 5; ++i) message += (i ? ", " : " ") + scored[i].second;
        message += ")";
    }
    return message;
}

}  // namespace msprobe::parse
