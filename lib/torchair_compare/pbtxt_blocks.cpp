#include "torchair_compare/pbtxt_blocks.hpp"

#include <fmt/format.h>

#include <unordered_map>
#include <unordered_set>

#include "common/error.hpp"
#include "common/input_file.hpp"

namespace msprobe::torchair_compare {

namespace {

// Python's str.strip(): the ASCII characters str.isspace() accepts.
std::string_view stripped(std::string_view line) {
    constexpr std::string_view kSpace = " \t\n\r\v\f\x1c\x1d\x1e\x1f";
    const auto first = line.find_first_not_of(kSpace);
    if (first == std::string_view::npos) return {};
    return line.substr(first, line.find_last_not_of(kSpace) - first + 1);
}

// The keys one open block holds, so that msprobe's renaming of a repeated key
// (get_unique_key: the first free `key#N`) costs one lookup, not a scan.
class BlockKeys {
public:
    std::string unique(const std::string& key) {
        std::string candidate = key;
        if (taken_.count(candidate) != 0) {
            // Keys are never removed, so the first free number only grows.
            int& number = next_number_[key];
            do {
                candidate = fmt::format("{}#{}", key, ++number);
            } while (taken_.count(candidate) != 0);
        }
        taken_.insert(candidate);
        return candidate;
    }

private:
    std::unordered_set<std::string> taken_;
    std::unordered_map<std::string, int> next_number_;
};

}  // namespace

std::vector<PbtxtMessage> parse_pbtxt(std::string_view text, const std::string& file) {
    std::vector<PbtxtMessage> messages;
    PbtxtMessage lost;  // value lines before the first block, which msprobe drops
    std::vector<PbtxtField>* current = &lost;
    BlockKeys lost_keys;
    // The open blocks: enclosing[d] is the field list a block at depth d was opened in.
    std::vector<std::vector<PbtxtField>*> enclosing;
    std::vector<BlockKeys> keys(1);
    std::size_t line_number = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto end = std::min(text.find('\n', start), text.size());
        const std::string_view line = stripped(text.substr(start, end - start));
        start = end + 1;
        ++line_number;
        if (line.empty()) continue;
        const auto fail = [&](const std::string& reason) {
            return Error(file, fmt::format("line {}: {}", line_number, reason));
        };
        if (const auto brace = line.find(" {"); brace != std::string_view::npos) {
            if (enclosing.empty()) {
                messages.emplace_back();
                current = &messages.back();
                keys.assign(1, BlockKeys{});
            }
            if (enclosing.size() >= kMaxPbtxtDepth) {
                throw fail(fmt::format("blocks nested deeper than {} levels", kMaxPbtxtDepth));
            }
            PbtxtField field;
            field.key = keys.back().unique(std::string(line.substr(0, brace)));
            field.block = true;
            current->push_back(std::move(field));
            enclosing.push_back(current);
            current = &current->back().fields;
            keys.emplace_back();
        } else if (const auto colon = line.find(": "); colon != std::string_view::npos) {
            std::string_view value = line.substr(colon + 2);
            if (value.starts_with('"') && value.ends_with('"')) {
                value = value.size() >= 2 ? value.substr(1, value.size() - 2) : std::string_view{};
            }
            PbtxtField field;
            field.key = (enclosing.empty() && current == &lost ? lost_keys : keys.back())
                            .unique(std::string(line.substr(0, colon)));
            field.text = std::string(value);
            current->push_back(std::move(field));
        } else if (line.find('}') != std::string_view::npos) {
            if (enclosing.empty()) throw fail("'}' closes no block");
            current = enclosing.back();
            enclosing.pop_back();
            keys.pop_back();
        }
    }
    return messages;
}

std::vector<PbtxtMessage> read_pbtxt(const std::filesystem::path& file) {
    return parse_pbtxt(read_input_file(file, InputKind::Json), file.string());
}

const PbtxtField* find_field(const std::vector<PbtxtField>& fields, std::string_view key) {
    for (const auto& field : fields) {
        if (field.key == key) return &field;
    }
    return nullptr;
}

}  // namespace msprobe::torchair_compare
