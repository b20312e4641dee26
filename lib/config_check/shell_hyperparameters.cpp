#include "config_check/shell_hyperparameters.hpp"

#include <optional>
#include <string>
#include <vector>

#include "common/python_str.hpp"
#include "config_check/python_text_classes.hpp"

namespace msprobe::config_check {

namespace {

std::string_view strip_left(std::string_view text) {
    std::size_t i = 0;
    while (std::size_t n = python_space_at(text, i)) i += n;
    return text.substr(i);
}

// str.rstrip(): the trailing Python spaces go (walking back by code points).
std::string_view strip_right(std::string_view text) {
    std::size_t end = text.size();
    while (end > 0) {
        std::size_t start = end - 1;
        while (start > 0 && (static_cast<unsigned char>(text[start]) & 0xC0) == 0x80 && end - start < 4) --start;
        if (python_space_at(text, start) != end - start) break;
        end = start;
    }
    return text.substr(0, end);
}

// The script without comment lines, comments and blank lines, each kept line ending in "\n".
std::string script_content(std::string_view script) {
    std::string content;
    std::size_t start = 0;
    while (start < script.size()) {
        std::size_t end = script.find('\n', start);
        end = end == std::string_view::npos ? script.size() : end + 1;
        const std::string_view line = script.substr(start, end - start);
        start = end;
        if (strip_left(line).starts_with('#')) continue;
        const std::string_view kept = strip_right(line.substr(0, line.find('#')));
        if (strip_right(strip_left(kept)).empty()) continue;
        content.append(kept);
        content.push_back('\n');
    }
    return content;
}

bool is_ascii_digit(char c) { return c >= '0' && c <= '9'; }

// Where `python\d? -m torch.distributed.launch\s` matching at `at` ends, or npos ("." is any code point).
std::size_t launch_module_end(std::string_view text, std::size_t at) {
    if (text.substr(at, 6) != "python") return std::string_view::npos;
    for (const std::size_t digits : {std::size_t{1}, std::size_t{0}}) {
        std::size_t i = at + 6;
        if (digits == 1 && !(i < text.size() && is_ascii_digit(text[i]))) continue;
        i += digits;
        if (text.substr(i, 9) != " -m torch") continue;
        i += 9;
        if (i >= text.size()) continue;
        i += code_point_length(text, i);
        if (text.substr(i, 11) != "distributed") continue;
        i += 11;
        if (i >= text.size()) continue;
        i += code_point_length(text, i);
        if (text.substr(i, 6) != "launch") continue;
        i += 6;
        if (const std::size_t space = python_space_at(text, i)) return i + space;
    }
    return std::string_view::npos;
}

// The first `msrun\s[^|]*|torchrun\s[^|]*|python\d? -m torch.distributed.launch\s[^|]*` of the content.
std::optional<std::string> launch_command(std::string_view content) {
    for (std::size_t at = 0; at < content.size(); ++at) {
        std::size_t end = std::string_view::npos;
        for (const std::string_view program : {std::string_view("msrun"), std::string_view("torchrun")}) {
            if (end != std::string_view::npos || content.substr(at, program.size()) != program) continue;
            if (const std::size_t space = python_space_at(content, at + program.size())) {
                end = at + program.size() + space;
            }
        }
        if (end == std::string_view::npos) end = launch_module_end(content, at);
        if (end == std::string_view::npos) continue;
        const std::size_t bar = content.find('|', end);
        return std::string(content.substr(at, (bar == std::string_view::npos ? content.size() : bar) - at));
    }
    return std::nullopt;
}

bool is_name_char(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_ascii_digit(c) || c == '_'; }

struct Block {
    std::string name;
    std::string content;
};

// re.findall(r'([a-zA-Z0-9_]{1,20}_ARGS)="(.*?)"', content, re.DOTALL).
std::vector<Block> args_blocks(std::string_view content) {
    std::vector<Block> blocks;
    constexpr std::string_view kTail = "_ARGS=\"";
    std::size_t at = 0;
    while (at < content.size()) {
        std::size_t run = 0;
        while (run < 20 && at + run < content.size() && is_name_char(content[at + run])) ++run;
        std::size_t length = 0;
        for (std::size_t n = run; n >= 1 && length == 0; --n) {
            if (content.substr(at + n, kTail.size()) == kTail) length = n;
        }
        if (length == 0) {
            ++at;
            continue;
        }
        const std::size_t open = at + length + kTail.size();
        const std::size_t close = content.find('"', open);
        if (close == std::string_view::npos) break;  // no later start can find a closing quote either
        blocks.push_back(
            {std::string(content.substr(at, length + 5)), std::string(content.substr(open, close - open))});
        at = close + 1;
    }
    return blocks;
}

// The last match of `NAME=\s*(.+)` in the content (".+" stops at a newline; "\s*" may cross newlines and gives
// back a space for ".+" when nothing else follows).
std::optional<std::string> last_assignment(std::string_view content, const std::string& name) {
    std::optional<std::string> last;
    const std::string needle = name + "=";
    std::size_t from = 0;
    for (std::size_t at = content.find(needle, from); at != std::string_view::npos; at = content.find(needle, from)) {
        const std::size_t after = at + needle.size();
        std::size_t j = after;
        std::vector<std::size_t> spaces;  // starts of the spaces \s* took, to give back
        while (std::size_t n = python_space_at(content, j)) {
            spaces.push_back(j);
            j += n;
        }
        std::size_t value_start = std::string_view::npos;
        if (j < content.size() && content[j] != '\n') {
            value_start = j;
        } else {
            for (auto it = spaces.rbegin(); it != spaces.rend(); ++it) {
                if (content[*it] != '\n') {
                    value_start = *it;
                    break;
                }
            }
        }
        if (value_start == std::string_view::npos) {
            from = at + 1;
            continue;
        }
        std::size_t end = content.find('\n', value_start);
        if (end == std::string_view::npos) end = content.size();
        last = std::string(content.substr(value_start, end - value_start));
        from = end;
    }
    return last;
}

// re.match(r'\$\{?(\w+)}?', value): the variable a value names.
std::optional<std::string> variable_of(std::string_view value) {
    if (!value.starts_with('$')) return std::nullopt;
    std::size_t i = 1;
    if (i < value.size() && value[i] == '{') ++i;
    const std::size_t start = i;
    while (std::size_t n = python_word_at(value, i)) i += n;
    if (i == start) return std::nullopt;
    return std::string(value.substr(start, i - start));
}

bool is_key_char_at(std::string_view text, std::size_t i, std::size_t& length) {
    if (i < text.size() && text[i] == '-') {
        length = 1;
        return true;
    }
    length = python_word_at(text, i);
    return length > 0;
}

}  // namespace

nlohmann::ordered_json shell_hyperparameters(std::string_view script) {
    nlohmann::ordered_json hyperparameters = nlohmann::ordered_json::object();
    const std::string content = script_content(script);
    auto command = launch_command(content);
    if (!command) return hyperparameters;
    for (auto& block : args_blocks(content)) {
        block.content = py::replace_all(block.content, "\n", " ");
        *command = py::replace_all(*command, "$" + block.name, block.content);
    }
    // re.findall(r'--([\w-]+)(?:\s+([^\s\\]+))?', command)
    const std::string_view line = *command;
    std::size_t at = 0;
    while (at + 2 < line.size() + 1 && at < line.size()) {
        std::size_t length = 0;
        if (line.substr(at, 2) != "--" || !is_key_char_at(line, at + 2, length)) {
            ++at;
            continue;
        }
        std::size_t key_end = at + 2;
        while (is_key_char_at(line, key_end, length)) key_end += length;
        const std::string key(line.substr(at + 2, key_end - at - 2));
        std::size_t end = key_end;
        std::size_t value_start = key_end;
        while (std::size_t n = python_space_at(line, value_start)) value_start += n;
        std::string value;
        if (value_start > key_end) {
            std::size_t value_end = value_start;
            while (value_end < line.size() && line[value_end] != '\\' && python_space_at(line, value_end) == 0) {
                value_end += code_point_length(line, value_end);
            }
            if (value_end > value_start) {
                value = std::string(line.substr(value_start, value_end - value_start));
                end = value_end;
            }
        }
        at = end;
        if (const auto variable = variable_of(value)) {
            if (auto assigned = last_assignment(content, *variable)) value = std::move(*assigned);
        }
        if (value.empty()) {
            hyperparameters[key] = true;
        } else {
            hyperparameters[key] = value;
        }
    }
    return hyperparameters;
}

}  // namespace msprobe::config_check
