#include "mapping/layer_scope.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <optional>
#include <unordered_map>

#include "common/error.hpp"
#include "common/python_str.hpp"

namespace msprobe::mapping {

namespace {

std::string join(const std::vector<std::string_view>& parts, std::size_t begin, std::size_t end) {
    std::string out;
    for (std::size_t i = begin; i < end && i < parts.size(); ++i) {
        if (i > begin) out += '.';
        out.append(parts[i]);
    }
    return out;
}

bool all_digits(std::string_view text) {
    if (text.empty()) return false;
    for (char c : text) {
        if (c < '0' || c > '9') return false;
    }
    return true;
}

void decompose_name(LayerItem& item, const std::string& file) {
    const auto s = py::split_dots(item.key);
    const std::size_t m = s.size();
    if (m < 4) {
        throw Error(file, fmt::format("dump entry '{}' must contain no less than four fields", item.key));
    }
    if (s[m - 1] == "parameters_grad") {
        item.api_type = "parameters_grad", item.api_name = s[m - 3], item.type_name = s[m - 2];
        item.state = "parameters_grad";
    } else if (s[m - 2] == "parameters_grad" && all_digits(s[m - 1])) {
        item.api_type = "parameters_grad", item.api_name = s[m - 4], item.type_name = s[m - 3];
        item.state = "parameters_grad";
    } else if (s[0] == "Cell" || s[0] == "Module") {
        item.api_type = s[0], item.api_name = s[m - 4], item.type_name = s[m - 3], item.state = s[m - 2];
    } else {
        item.api_type = s[0], item.api_name = s[m - 3], item.type_name = s[m - 3], item.state = s[m - 1];
    }
}

void set_layer_scope(LayerItem& item, const std::string& parent, const std::string& construct_file) {
    const auto s = py::split_dots(item.key);
    if (item.api_type == "Cell" || item.api_type == "Module") {
        item.layer_scope = join(s, 0, s.size() - 4);  // without instance, class, direction, index
    } else if (item.api_type == "parameters_grad") {
        item.layer_scope = join(s, 0, s.size() - 3);
    } else if (!parent.empty()) {
        const auto p = py::split_dots(parent);
        item.layer_scope = p.size() > 3 ? join(p, 0, p.size() - 3) : "";  // empty, as msprobe makes it
    } else {
        item.layer_scope = "TopLayer";
    }
    if (py::contains(parent, ".") && py::split_dots(parent).size() < 4) {
        throw Error(construct_file,
                    fmt::format("parent '{}' of '{}' must contain no less than four fields", parent, item.key));
    }
}

// The function of the framework frame the API was entered from (0 or 1 name).
std::string frame_stack_scope(const std::vector<std::string>& lines, bool pytorch) {
    std::int64_t start = -1;
    std::int64_t end = static_cast<std::int64_t>(lines.size());
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string& line = lines[i];
        if (py::contains(line, "Template")) {
            start = static_cast<std::int64_t>(i);
        } else if (start >= 0 && (pytorch ? (py::contains(line, "in forward,") || py::contains(line, "in backward,"))
                                          : py::contains(line, "construct"))) {
            end = static_cast<std::int64_t>(i);
            break;
        }
    }
    const std::string* framework_entry = nullptr;
    for (std::int64_t i = start + 1; i < end; ++i) {
        const std::string& line = lines[static_cast<std::size_t>(i)];
        const std::string_view file = std::string_view(line).substr(0, line.find(','));
        bool framework = false;
        for (std::string_view dir : {"site-packages/torch", "package/torch", "site-packages/mindspore",
                                     "package/mindspore"}) {
            framework = framework || py::contains(file, dir);
        }
        if (!framework) break;  // the first user frame ends the framework phase
        framework_entry = &line;
    }
    if (!framework_entry) return "";
    std::vector<std::string_view> fields;
    std::string_view rest = *framework_entry;
    for (std::size_t comma = rest.find(','); comma != std::string_view::npos; comma = rest.find(',')) {
        fields.push_back(rest.substr(0, comma));
        rest = rest.substr(comma + 1);
    }
    fields.push_back(rest);
    if (fields.size() < 3) return "";
    if (py::contains(fields[0], "msprobe") || py::contains(fields[0], "MindSpeed")) return "";
    if (py::contains(fields[2], "construct") || py::contains(fields[2], "__call__")) return "";
    // "in get_batch" → get_batch (the second whitespace-separated word)
    std::vector<std::string_view> words;
    std::string_view func = fields[2];
    std::size_t pos = 0;
    while (pos < func.size()) {
        while (pos < func.size() && std::isspace(static_cast<unsigned char>(func[pos]))) ++pos;
        const std::size_t begin = pos;
        while (pos < func.size() && !std::isspace(static_cast<unsigned char>(func[pos]))) ++pos;
        if (pos > begin) words.push_back(func.substr(begin, pos - begin));
    }
    return words.size() > 1 ? std::string(words[1]) : "";
}

std::optional<std::vector<std::string>> stack_lines(const LayerSide& side, const std::string& key) {
    if (!side.stack.is_object()) return std::nullopt;
    auto it = side.stack.find(key);
    if (it == side.stack.end() || it->is_null()) return std::nullopt;
    std::vector<std::string> lines;
    if (!it->is_array()) throw Error(side.stack_file, fmt::format("stack of '{}' must be a list of strings", key));
    for (const auto& line : *it) {
        if (!line.is_string())
            throw Error(side.stack_file, fmt::format("stack of '{}' must be a list of strings", key));
        lines.push_back(line.get<std::string>());
    }
    return lines;
}

// Backward entries have no stack: they take the scopes of their forward entry.
void backward_pass(std::vector<LayerItem>& items) {
    std::unordered_map<std::string, std::size_t> by_key;
    for (std::size_t i = 0; i < items.size(); ++i) by_key.emplace(items[i].key, i);
    for (auto& item : items) {
        const auto s = py::split_dots(item.key);
        const std::size_t from = s.size() >= 2 ? s.size() - 2 : 0;
        bool backward = false;
        for (std::size_t i = from; i < s.size(); ++i) backward = backward || s[i] == "backward";
        if (!backward) continue;
        std::vector<std::string> renamed(s.begin(), s.end());
        for (std::size_t i = from; i < s.size(); ++i) renamed[i] = py::replace_all(s[i], "backward", "forward");
        std::string forward = renamed[0];
        for (std::size_t i = 1; i < renamed.size(); ++i) forward += "." + renamed[i];
        auto it = by_key.find(forward);
        if (it == by_key.end()) continue;
        const LayerItem& source = items[it->second];
        item.full_scope = source.full_scope;
        item.layer_scope = source.layer_scope;
    }
}

// The last digit run of the segment right after "prefix." in `scope`.
std::optional<std::int64_t> next_segment_number(const std::string& scope, const std::string& prefix,
                                                std::string_view* segment = nullptr) {
    if (scope.size() <= prefix.size() + 1 || scope.compare(0, prefix.size(), prefix) != 0 ||
        scope[prefix.size()] != '.') {
        return std::nullopt;
    }
    const std::size_t begin = prefix.size() + 1;
    std::size_t end = scope.find('.', begin);
    if (end == std::string::npos) end = scope.size();
    const std::string_view next = std::string_view(scope).substr(begin, end - begin);
    if (next.empty() || next.find_first_of(" \t\n\r\f\v") != std::string_view::npos) return std::nullopt;
    if (segment) *segment = next;
    std::size_t last_digit = next.find_last_of("0123456789");
    if (last_digit == std::string_view::npos) return std::nullopt;
    std::size_t first_digit = last_digit;
    while (first_digit > 0 && next[first_digit - 1] >= '0' && next[first_digit - 1] <= '9') --first_digit;
    std::int64_t n = 0;
    for (std::size_t i = first_digit; i <= last_digit; ++i) n = n * 10 + (next[i] - '0');
    return n;
}

// Pipeline stages number MindSpore's layers globally and PyTorch's locally:
// renumber "…ParallelTransformer.layers.N" from the smallest N seen.
void renumber_pass(std::vector<LayerItem>& items) {
    std::vector<std::string> prefixes;
    for (const auto& item : items) {
        if (item.type_name != "ParallelTransformer") continue;
        const std::string prefix = item.full_scope + ".layers";
        if (std::find(prefixes.begin(), prefixes.end(), prefix) == prefixes.end()) prefixes.push_back(prefix);
    }
    std::vector<std::optional<std::int64_t>> minimum(prefixes.size());
    for (std::size_t p = 0; p < prefixes.size(); ++p) {
        for (const auto& item : items) {
            const auto n = next_segment_number(item.full_scope, prefixes[p]);
            if (n && (!minimum[p] || *n < *minimum[p])) minimum[p] = n;
        }
    }
    for (std::size_t p = 0; p < prefixes.size(); ++p) {
        // With no numbered segment msprobe writes "nan"; we leave such items alone.
        if (!minimum[p]) continue;
        for (auto& item : items) {
            std::string_view segment;
            const auto n = next_segment_number(item.full_scope, prefixes[p], &segment);
            if (!n) continue;
            const std::size_t rest = prefixes[p].size() + 1 + segment.size();
            item.full_scope = fmt::format("{}.{}{}", prefixes[p], *n - *minimum[p], item.full_scope.substr(rest));
        }
    }
}

}  // namespace

std::vector<LayerItem> layer_items(const std::vector<std::string>& keys, const LayerSide& side) {
    std::vector<LayerItem> items;
    items.reserve(keys.size());
    for (const auto& key : keys) {
        LayerItem& item = items.emplace_back();
        item.key = key;
        decompose_name(item, side.construct_file);
        set_layer_scope(item, std::string(side.construct.parent_of(key).value_or("")), side.construct_file);
        const bool layer = item.api_type == "Cell" || item.api_type == "Module";
        if (!layer && item.api_type != "Primitive" && item.api_type != "Jit") {
            const auto lines = stack_lines(side, key);
            if (lines && !lines->empty()) item.frame_stack_scope = frame_stack_scope(*lines, side.pytorch);
        }
        item.full_scope = item.layer_scope;
        if (!item.frame_stack_scope.empty()) item.full_scope += "." + item.frame_stack_scope;
        item.full_scope += "." + item.api_name;
    }
    backward_pass(items);
    renumber_pass(items);
    return items;
}

}  // namespace msprobe::mapping
