#include "verl_config/verl_log_filter.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "verl_config/python_literal.hpp"

namespace msprobe::verl_config {

namespace {

constexpr std::string_view kPythonKey = "{'actor_rollout_ref':";
constexpr std::string_view kJsonKey = "{\"actor_rollout_ref\":";
constexpr std::size_t kPrefixCheckLines = 3;

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

// str.splitlines(): \n, \r\n, \r, \v, \f, \x1c-\x1e, U+0085, U+2028, U+2029.
std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        std::size_t width = 0;
        if (c == '\r') {
            width = i + 1 < text.size() && text[i + 1] == '\n' ? 2 : 1;
        } else if (c == '\n' || c == '\v' || c == '\f' || c == 0x1c || c == 0x1d || c == 0x1e) {
            width = 1;
        } else if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x85) {
            width = 2;
        } else if (c == 0xE2 && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x80 &&
                   (static_cast<unsigned char>(text[i + 2]) == 0xA8 ||
                    static_cast<unsigned char>(text[i + 2]) == 0xA9)) {
            width = 3;
        }
        if (width == 0) {
            ++i;
            continue;
        }
        lines.push_back(text.substr(start, i - start));
        i += width;
        start = i;
    }
    if (start < text.size()) lines.push_back(text.substr(start));
    return lines;
}

// The width of a whitespace character str.strip() removes at `i`, or 0.
std::size_t space_width(std::string_view text, std::size_t i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == ' ' || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f)) return 1;
    const auto byte = [&](std::size_t k) { return i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0; };
    if (c == 0xC2 && (byte(1) == 0x85 || byte(1) == 0xA0)) return 2;
    if (c == 0xE1 && byte(1) == 0x9A && byte(2) == 0x80) return 3;
    if (c == 0xE2 && byte(1) == 0x80 &&
        ((byte(2) >= 0x80 && byte(2) <= 0x8A) || byte(2) == 0xA8 || byte(2) == 0xA9 || byte(2) == 0xAF))
        return 3;
    if (c == 0xE2 && byte(1) == 0x81 && byte(2) == 0x9F) return 3;
    if (c == 0xE3 && byte(1) == 0x80 && byte(2) == 0x80) return 3;
    return 0;
}

std::string_view strip(std::string_view text) {
    std::size_t begin = 0;
    while (begin < text.size()) {
        const std::size_t w = space_width(text, begin);
        if (w == 0) break;
        begin += w;
    }
    std::size_t end = text.size();
    while (end > begin) {
        // Step back over one UTF-8 character and test it.
        std::size_t start = end - 1;
        while (start > begin && (static_cast<unsigned char>(text[start]) & 0xC0) == 0x80) --start;
        if (space_width(text, start) != end - start) break;
        end = start;
    }
    return text.substr(begin, end - begin);
}

// re.finditer(re.escape(prefix), line): an empty prefix matches before every character and at the end.
std::vector<std::string> split_line_by_prefix(std::string_view line, std::string_view prefix) {
    std::vector<std::pair<std::size_t, std::size_t>> matches;  // start, end
    if (prefix.empty()) {
        for (std::size_t i = 0; i <= line.size(); ++i) matches.emplace_back(i, i);
    } else {
        for (std::size_t at = line.find(prefix); at != std::string_view::npos;
             at = line.find(prefix, at + prefix.size())) {
            matches.emplace_back(at, at + prefix.size());
        }
    }
    std::vector<std::string> parts;
    for (std::size_t i = 0; i < matches.size(); ++i) {
        const std::size_t start = matches[i].second;
        const std::size_t end = i + 1 < matches.size() ? matches[i + 1].first : line.size();
        const auto content = strip(line.substr(start, end - start));
        if (!content.empty()) parts.emplace_back(content);
    }
    return parts;
}

// '<chars other than quote>' at `pos`; the position after it, or npos.
std::size_t quoted_end(std::string_view s, std::size_t pos) {
    if (pos >= s.size() || s[pos] != '\'') return std::string_view::npos;
    const auto close = s.find('\'', pos + 1);
    return close == std::string_view::npos ? close : close + 1;
}

std::size_t digits_end(std::string_view s, std::size_t pos) {
    std::size_t i = pos;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i == pos ? std::string_view::npos : i;
}

// -?\d+(?:\.\d+)?  (with the exponent when asked); the position after it, or npos.
std::size_t number_end(std::string_view s, std::size_t pos, bool exponent) {
    if (pos < s.size() && s[pos] == '-') ++pos;
    std::size_t i = digits_end(s, pos);
    if (i == std::string_view::npos) return i;
    if (i < s.size() && s[i] == '.') {
        const auto fraction = digits_end(s, i + 1);
        if (fraction != std::string_view::npos) i = fraction;
    }
    if (exponent && i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        std::size_t k = i + 1;
        if (k < s.size() && (s[k] == '+' || s[k] == '-')) ++k;
        const auto power = digits_end(s, k);
        if (power != std::string_view::npos) i = power;
    }
    return i;
}

// PRE_LINE_REDUCE_VALUE_PATTERN, fullmatch:
// ('[^']*'|-?\d+(\.\d+)?|None|True|False|\[\]|\{\}) then ([}\]]+,?|,) to the end.
bool is_reduce_value(std::string_view s) {
    std::size_t end = quoted_end(s, 0);
    if (end == std::string_view::npos) end = number_end(s, 0, false);
    if (end == std::string_view::npos) {
        for (const std::string_view word : {"None", "True", "False", "[]", "{}"}) {
            if (s.starts_with(word)) {
                end = word.size();
                break;
            }
        }
    }
    if (end == std::string_view::npos) return false;
    const std::string_view rest = s.substr(end);
    if (rest == ",") return true;
    std::size_t i = 0;
    while (i < rest.size() && (rest[i] == '}' || rest[i] == ']')) ++i;
    return i > 0 && (i == rest.size() || (i + 1 == rest.size() && rest[i] == ','));
}

bool is_pre_line_reduce_value(std::string_view s, int depth) {
    if (depth != 0 && !s.ends_with(',')) return false;
    return is_reduce_value(s);
}

// '[^']*',  or  " -?\d+(\.\d+)?,", fullmatch.
bool is_generic_format(std::string_view s) {
    const auto quoted = quoted_end(s, 0);
    if (quoted != std::string_view::npos && quoted + 1 == s.size() && s.back() == ',') return true;
    if (s.empty() || s.front() != ' ') return false;
    const auto number = number_end(s, 1, false);
    return number != std::string_view::npos && number + 1 == s.size() && s.back() == ',';
}

// ^('[^']*'|number with exponent)\]+}*,$ and as many ']' as the line closed lists.
bool is_end_of_list(std::string_view s, std::size_t stack, std::size_t pre_stack) {
    std::size_t end = quoted_end(s, 0);
    if (end == std::string_view::npos) end = number_end(s, 0, true);
    if (end == std::string_view::npos) return false;
    std::size_t i = end;
    const std::size_t closes = i;
    while (i < s.size() && s[i] == ']') ++i;
    if (i == closes) return false;
    while (i < s.size() && s[i] == '}') ++i;
    if (!(i + 1 == s.size() && s[i] == ',')) return false;
    return static_cast<std::ptrdiff_t>(pre_stack) - static_cast<std::ptrdiff_t>(stack) ==
           std::count(s.begin(), s.end(), ']');
}

// ^(["'])([^"']+)\1$
bool is_quoted_word(std::string_view s) {
    if (s.size() < 3 || (s.front() != '\'' && s.front() != '"') || s.back() != s.front()) return false;
    return s.substr(1, s.size() - 2).find_first_of("'\"") == std::string_view::npos;
}

void update_quote_state(char ch, bool& in_single, bool& in_double) {
    if (ch == '\'' && !in_double) {
        in_single = !in_single;
    } else if (ch == '"' && !in_single) {
        in_double = !in_double;
    }
}

// get_list_dict_blocks: the bracket pairs outside quotes whose text Python parses.
std::vector<std::pair<std::size_t, std::size_t>> valid_block_ranges(std::string_view line) {
    bool in_single = false;
    bool in_double = false;
    std::vector<std::pair<char, std::size_t>> stack;
    std::vector<std::pair<std::size_t, std::size_t>> ranges;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char ch = line[i];
        update_quote_state(ch, in_single, in_double);
        if (in_single || in_double) continue;
        if (ch == '{' || ch == '[') {
            stack.emplace_back(ch, i);
        } else if ((ch == '}' || ch == ']') && !stack.empty()) {
            const auto [left, start] = stack.back();
            stack.pop_back();
            if ((left == '{' && ch == '}') || (left == '[' && ch == ']')) {
                if (is_python_expression(line.substr(start, i - start + 1))) ranges.emplace_back(start + 1, i);
            } else {
                stack.emplace_back(left, start);
            }
        }
    }
    return ranges;
}

// find_cleaned_line_end_comma: the first comma outside quotes and outside every valid block.
std::string_view delete_invalid_info(std::string_view line) {
    if (std::count(line.begin(), line.end(), ',') == 1 && line.ends_with(',')) return line;
    const auto ranges = valid_block_ranges(line);
    bool in_single = false;
    bool in_double = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        update_quote_state(line[i], in_single, in_double);
        if (in_single || in_double || line[i] != ',') continue;
        const bool inside = std::any_of(ranges.begin(), ranges.end(),
                                        [i](const auto& range) { return range.first <= i && i < range.second; });
        if (!inside) return line.substr(0, i + 1);
    }
    return line;
}

bool is_valid_cleaned_line(std::string& cleaned, const std::vector<char>& brackets,
                           std::vector<std::string>& config_lines, int depth) {
    if (contains(cleaned, "':")) return true;
    if (std::find(brackets.begin(), brackets.end(), '[') != brackets.end() && is_generic_format(cleaned)) return true;
    if (config_lines.empty()) return false;
    if (config_lines.back().ends_with(": ") && is_pre_line_reduce_value(cleaned, depth)) return true;
    if (config_lines.back().ends_with(":") && is_pre_line_reduce_value(cleaned, depth)) {
        config_lines.back() += ' ';
        return true;
    }
    if (!config_lines.back().ends_with(",") && cleaned.ends_with(",")) return true;
    if (is_quoted_word(cleaned)) return true;
    if (config_lines.back().ends_with("'") && cleaned.starts_with(":")) {
        if (cleaned.size() > 2 && is_pre_line_reduce_value(std::string_view(cleaned).substr(2), depth)) return true;
        config_lines.pop_back();
    }
    return false;
}

}  // namespace

std::vector<std::string> extract_config_lines(std::string_view log_text, std::vector<std::string>* warnings) {
    const auto lines = split_lines(log_text);
    std::string_view target_key = kPythonKey;
    std::vector<std::size_t> starts;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (contains(lines[i], target_key)) {
            starts.push_back(i);
        } else if (contains(lines[i], kJsonKey)) {
            starts.push_back(i);
            target_key = kJsonKey;
        }
    }
    if (starts.empty()) throw LogFilterError("Not found the start with 'actor_rollout_ref' dict in log.");
    if (starts.size() > 1 && warnings != nullptr) {
        warnings->push_back(
            fmt::format("This log contains {} pieces of verl's config information, only the last "
                        "config configuration will be collected!",
                        starts.size()));
    }
    const std::size_t start = starts.back();

    // detect_prefix: what precedes the key on the first line starts the next two as well.
    const auto key_at = lines[start].find(target_key);
    if (key_at == std::string_view::npos) throw LogFilterError("Target key not found in the first line.");
    const std::string_view prefix = lines[start].substr(0, key_at);
    for (std::size_t i = start + 1; i < std::min(lines.size(), start + kPrefixCheckLines); ++i) {
        if (!lines[i].starts_with(prefix)) {
            throw LogFilterError(fmt::format("The prefix of line {} does not match {}.", lines[i], prefix));
        }
    }

    int depth = 0;
    std::vector<std::string> config_lines;
    bool in_string = false;
    char quote_char = '\0';
    std::vector<char> brackets;
    for (std::size_t l = start; l < lines.size(); ++l) {
        for (const auto& part : split_line_by_prefix(lines[l], prefix)) {
            const std::vector<char> pre_brackets = brackets;
            const int pre_depth = depth;
            std::string cleaned(delete_invalid_info(part));
            for (std::size_t i = 0; i < cleaned.size(); ++i) {
                const char ch = cleaned[i];
                if (ch == '"' || ch == '\'') {
                    if (!in_string) {
                        in_string = true;
                        quote_char = ch;
                    } else if (quote_char == ch) {
                        in_string = false;
                        quote_char = '\0';
                    }
                    continue;
                }
                if (!in_string) {
                    if (ch == '{') {
                        ++depth;
                    } else if (ch == '}') {
                        --depth;
                    } else if (ch == '[') {
                        brackets.push_back(ch);
                    } else if (ch == ']') {
                        if (brackets.empty()) throw LogFilterError("list index out of range (a ']' closes no list)");
                        brackets.pop_back();
                    }
                }
                if (depth == 0) {
                    cleaned.resize(i + 1);
                    break;
                }
            }
            if (is_valid_cleaned_line(cleaned, brackets, config_lines, depth)) {
                config_lines.push_back(cleaned);
            } else if (brackets != pre_brackets) {
                if (is_end_of_list(cleaned, brackets.size(), pre_brackets.size())) {
                    config_lines.push_back(cleaned);
                } else {
                    brackets = pre_brackets;
                    depth = pre_depth;
                }
            }
        }
        if (depth == 0) return config_lines;
    }
    if (depth != 0) throw LogFilterError(fmt::format("Unclosed dictionary, mismatched brackets of {}", depth));
    return {};
}

PyValue filter_config(std::string_view log_text, std::vector<std::string>* warnings) {
    const auto lines = extract_config_lines(log_text, warnings);
    std::string text;
    for (std::size_t i = 0; i < lines.size(); ++i) text += (i ? "\n" : "") + lines[i];
    if (auto json = parse_json_text(text)) return std::move(*json);
    LiteralError error;
    if (auto literal = parse_python_literal(text, &error)) return std::move(*literal);
    throw LogFilterError(error.message);
}

}  // namespace msprobe::verl_config
