#include "first_diff/rank_result_reader.hpp"

#include <fmt/format.h>

#include <cctype>
#include <cmath>
#include <string_view>
#include <utility>
#include <vector>

#include "common/error.hpp"
#include "dump/json_file.hpp"
#include "dump/json_view.hpp"
#include "first_diff/json_copy.hpp"

namespace msprobe::first_diff {

namespace {

// Python's int(text): optional whitespace and sign, decimal digits (underscores between them).
std::optional<std::int64_t> parse_int(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
    bool negative = false;
    if (!text.empty() && (text.front() == '+' || text.front() == '-')) {
        negative = text.front() == '-';
        text.remove_prefix(1);
    }
    if (text.empty() || text.size() > 18) return std::nullopt;
    std::int64_t value = 0;
    bool after_digit = false;
    for (const char c : text) {
        if (c == '_' && after_digit) {
            after_digit = false;
            continue;
        }
        if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
        value = value * 10 + (c - '0');
        after_digit = true;
    }
    if (!after_digit) return std::nullopt;
    return negative ? -value : value;
}

// Python's int(value) for a cell: ints, truncated floats, numeric texts.
std::optional<std::int64_t> int_of(dump::JsonView v) {
    if (const auto integer = v.integer()) return integer;
    if (const auto number = v.number(); number && std::isfinite(*number)) return static_cast<std::int64_t>(*number);
    if (const auto flag = v.boolean()) return *flag ? 1 : 0;
    if (const auto text = v.string()) return parse_int(*text);
    return std::nullopt;
}

// The rank-carrying value of an input row: "NPU max", or "NPU MD5" when the
// row has no statistics (md5 compares).
dump::JsonView rank_value(dump::JsonView row) {
    if (const dump::JsonView max = row.member("NPU max")) return max;
    return row.member("NPU MD5");
}

bool equals_rank(dump::JsonView value, std::int64_t rank, const ResultReadOptions& options) {
    if (const auto text = value.string()) {
        if (options.strict_compat) return false;  // msprobe compares the text "2" with the integer 2
        const auto parsed = parse_int(*text);
        return parsed && *parsed == rank;
    }
    if (const auto number = value.number()) return *number == static_cast<double>(rank);
    return false;
}

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

CommRole role_of(const std::vector<std::pair<std::string_view, dump::JsonView>>& inputs, std::int64_t rank,
                 const ResultReadOptions& options) {
    for (const auto& [word, role] : {std::pair{"src", CommRole::Src}, std::pair{"dst", CommRole::Dst}}) {
        for (const auto& [name, row] : inputs) {
            if (!contains(name, word)) continue;
            return equals_rank(rank_value(row), rank, options) ? role : opposite(role);
        }
    }
    return CommRole::Link;
}

std::vector<std::int64_t> ranks_of(const std::vector<std::pair<std::string_view, dump::JsonView>>& inputs,
                                   const ResultReadOptions& options) {
    std::vector<std::int64_t> ranks;
    for (const auto& [name, row] : inputs) {
        if (contains(name, "dst") || contains(name, "src")) {
            // dst, src, group_dst, group_src all contain dst or src.
            const auto value = int_of(rank_value(row));
            if (value && (*value != 0 || !options.strict_compat)) ranks.push_back(*value);
        } else if (name.ends_with(".group")) {
            const auto value = rank_value(row).string();
            if (!value) continue;
            std::string_view text = *value;
            if (text.size() < 2 || text.front() != '[' || text.back() != ']') continue;
            text = text.substr(1, text.size() - 2);
            std::vector<std::int64_t> members;
            bool valid = true;
            while (valid) {
                const auto comma = text.find(',');
                const auto part = parse_int(text.substr(0, comma));
                if (!part) valid = false;
                else members.push_back(*part);
                if (comma == std::string_view::npos) break;
                text.remove_prefix(comma + 1);
            }
            // A group msprobe cannot parse ("[]", MindSpore group names) names no rank.
            if (valid) ranks.insert(ranks.end(), members.begin(), members.end());
        } else if (const dump::JsonView peer = row.member("NPU P2POp peer")) {
            if (peer.string() == "None") continue;
            if (const auto value = int_of(peer)) ranks.push_back(*value);
        }
    }
    return ranks;
}

}  // namespace

std::optional<std::int64_t> rank_of_result_name(const std::string& file_name) {
    if (!file_name.starts_with("compare_result_rank") || !file_name.ends_with(".json")) return std::nullopt;
    std::vector<std::string_view> fields;
    std::string_view rest(file_name);
    while (true) {
        const auto sep = rest.find('_');
        fields.push_back(rest.substr(0, sep));
        if (sep == std::string_view::npos) break;
        rest.remove_prefix(sep + 1);
    }
    if (fields.size() <= 2 || !fields[2].starts_with("rank")) return std::nullopt;
    std::string_view digits = fields[2];
    auto strip = [](char c) { return c == 'r' || c == 'a' || c == 'n' || c == 'k'; };
    while (!digits.empty() && strip(digits.front())) digits.remove_prefix(1);
    while (!digits.empty() && strip(digits.back())) digits.remove_suffix(1);
    if (digits.empty()) return 0;
    return parse_int(digits);
}

CommFacts comm_facts_of_items(dump::JsonView op_items, std::int64_t rank, const ResultReadOptions& options) {
    const auto inputs = rows_of_state(op_items, "input");
    CommFacts facts;
    facts.role = role_of(inputs, rank, options);
    facts.ranks = ranks_of(inputs, options);
    return facts;
}

RankOps read_rank_results(const std::filesystem::path& file, std::int64_t rank, const ResultReadOptions& options) {
    const dump::JsonFile json = dump::JsonFile::load(file);
    const dump::JsonView root = json.root();
    if (!root.is_object()) throw Error(json.path(), "expected a JSON object of API entries");
    RankOps out;
    out.rank = rank;
    out.source = json.path();
    const KeyRules& rules = *options.key_rules;
    for (const auto& entry : root.members()) {
        RankOp op;
        op.name = std::string(entry.name);
        op.kind = rules.kind_of(op.name);
        if (!entry.value.is_object()) throw Error(json.path(), fmt::format("entry '{}' is not an object", op.name));
        const dump::JsonView is_same = entry.value.member("is_same");
        op.flagged = is_same && !is_same.truthy();
        if (op.kind == OpKind::Communication) {
            op.comm = comm_facts_of_items(entry.value.member("op_items"), rank, options);
            op.comm.keeps_itself = op.flagged;
            op.comm.feeds_compute_ops = true;
        }
        out.ops.push_back(std::move(op));
    }
    return out;
}

}  // namespace msprobe::first_diff
