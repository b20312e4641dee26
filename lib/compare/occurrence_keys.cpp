#include "compare/occurrence_keys.hpp"

#include <map>
#include <optional>
#include <string_view>
#include <utility>

namespace msprobe::compare {

namespace {

bool all_digits(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s) {
        if (c < '0' || c > '9') return false;
    }
    return true;
}

// An entry name with its call number cut out: the text before and after it.
struct NumberedBackward {
    std::string before;  // "Functional.linear." or "Module.fc1.Linear.backward."
    std::string after;   // ".backward" or ""
};

// "<prefix>.<n>.backward" (APIs) or "<prefix>.backward.<n>" (modules).
std::optional<NumberedBackward> numbered_backward(const std::string& entry) {
    constexpr std::string_view kApiTail = ".backward";
    const bool api_form =
        entry.size() > kApiTail.size() && entry.compare(entry.size() - kApiTail.size(), kApiTail.size(), kApiTail) == 0;
    if (api_form) {
        const std::string head = entry.substr(0, entry.size() - kApiTail.size());
        const auto dot = head.rfind('.');
        if (dot != std::string::npos && all_digits(std::string_view(head).substr(dot + 1))) {
            return NumberedBackward{head.substr(0, dot + 1), std::string(kApiTail)};
        }
    }
    const auto dot = entry.rfind('.');
    constexpr std::string_view kModuleTail = ".backward";
    if (dot != std::string::npos && dot >= kModuleTail.size() && all_digits(std::string_view(entry).substr(dot + 1)) &&
        entry.compare(dot - kModuleTail.size(), kModuleTail.size(), kModuleTail) == 0) {
        return NumberedBackward{entry.substr(0, dot + 1), ""};
    }
    return std::nullopt;
}

}  // namespace

std::vector<std::string> occurrence_compare_keys(const dump::DumpFile& dump) {
    std::vector<std::string> entry_keys = dump.api_names;
    if (!dump.is_debug) {
        std::map<std::pair<std::string, std::string>, int> seen;  // (before, after) → backward entries so far
        for (auto& entry : entry_keys) {
            const auto numbered = numbered_backward(entry);
            if (!numbered) continue;
            const int order = seen[{numbered->before, numbered->after}]++;
            entry = numbered->before + std::to_string(order) + numbered->after;
        }
    }
    std::vector<std::string> keys;
    keys.reserve(dump.rows.size());
    for (const auto& row : dump.rows) {
        const std::string& entry = dump.api_names[row.api_index];
        const std::string& key = entry_keys[row.api_index];
        if (key == entry || row.name.compare(0, entry.size(), entry) != 0) {
            keys.push_back(row.name);
        } else {
            keys.push_back(key + row.name.substr(entry.size()));
        }
    }
    return keys;
}

}  // namespace msprobe::compare
