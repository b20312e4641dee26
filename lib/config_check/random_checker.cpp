// The random checker: per rank (random/rank<N>.json), the calls of each random operation grouped by call stack,
// a bench stack matched with the first similar cmp stack (same depth, every frame scoring at least 0.8).
#include <fmt/format.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "config_check/checker_support.hpp"
#include "config_check/json_cell.hpp"
#include "config_check/pack_checkers.hpp"
#include "config_check/sequence_matcher.hpp"
#include "config_check/sorted_entries.hpp"
#include "dump/json_file.hpp"
#include "dump/python_equality.hpp"

namespace msprobe::config_check {

namespace {

constexpr std::string_view kNoMatch = "no match stack";

// Text without its last code point (Python's [:-1]).
std::string_view without_last(std::string_view text) {
    if (text.empty()) return text;
    std::size_t end = text.size() - 1;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
    return text.substr(0, end);
}

struct Frame {
    std::string_view path, func, code;
};

// _parse_frame: "File {path}, line {n}, in {func}, {code}" split at single spaces.
Frame parse_frame(std::string_view frame) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    while (parts.size() < 6) {
        const std::size_t space = frame.find(' ', start);
        if (space == std::string_view::npos) return {};
        parts.push_back(frame.substr(start, space - start));
        start = space + 1;
    }
    return {without_last(parts[1]), without_last(parts[5]), frame.substr(start)};
}

double path_score(std::string_view a, std::string_view b) {
    if (a.empty() || b.empty()) return 0.0;
    const auto base = [](std::string_view p) {
        const std::size_t slash = p.rfind('/');
        return slash == std::string_view::npos ? p : p.substr(slash + 1);
    };
    return base(a) == base(b) ? 1.0 : 0.0;
}

using Stack = std::vector<std::string_view>;

// stack_match(first, second): argument order matters, as difflib's ratio is not symmetric.
bool stacks_match(const Stack& first, const Stack& second) {
    if (first.size() != second.size()) return false;
    for (std::size_t i = 0; i < first.size(); ++i) {
        const Frame a = parse_frame(first[i]);
        const Frame b = parse_frame(second[i]);
        const double score =
            (path_score(a.path, b.path) + (a.func == b.func ? 1.0 : 0.0) + sequence_ratio(a.code, b.code)) / 3.0;
        if (score < 0.8) return false;
    }
    return true;
}

struct Entry {
    dump::JsonView count;
    Stack stack;
};

std::string joined(const Stack& stack) {
    std::string text;
    for (std::size_t i = 0; i < stack.size(); ++i) {
        if (i > 0) text += '\n';
        text += stack[i];
    }
    return text;
}

std::vector<Entry> entries_of(dump::JsonView op, const std::string& file, std::string_view name) {
    std::vector<Entry> entries;
    if (!op) return entries;
    if (!op.is_array()) throw Error(file, fmt::format("the calls of '{}' are not a list", name));
    for (const auto item : op.items()) {
        const dump::JsonView stack = item.member("stack");
        const dump::JsonView count = item.member("count");
        if (!stack.is_array() || !count) {
            throw Error(file, fmt::format("a call of '{}' has no 'stack' list and 'count'", name));
        }
        Entry entry{count, {}};
        for (const auto frame : stack.items()) {
            if (!frame.is_string()) throw Error(file, fmt::format("a stack frame of '{}' is not a text", name));
            entry.stack.push_back(frame.text());
        }
        entries.push_back(std::move(entry));
    }
    return entries;
}

struct RankFile {
    dump::JsonFile json;
    std::string path;
};

// load_stats_files: every rank*.json of the folder by its rank number (a later file of the same number wins).
std::map<long long, RankFile> load_ranks(const fs::path& dir) {
    std::map<long long, RankFile> ranks;
    for (const fs::path& entry : sorted_entries(dir)) {
        const std::string name = entry.filename().string();
        if (!name.starts_with("rank") || !name.ends_with(".json")) continue;
        const std::string digits = name.substr(4, name.find('.') - 4);
        const bool valid =
            !digits.empty() && digits.size() < 18 && digits.find_first_not_of("0123456789") == std::string::npos;
        if (!valid) throw Error(entry.string(), fmt::format("extract rank id from {} failed", name));
        auto json = dump::JsonFile::load(entry);
        if (!json.root().is_object()) throw Error(entry.string(), "is not a JSON object");
        ranks.insert_or_assign(std::stoll(digits), RankFile{std::move(json), entry.string()});
    }
    return ranks;
}

}  // namespace

std::optional<CheckerResult> check_random(const fs::path& bench_dir, const fs::path& cmp_dir) {
    if (!both_have(bench_dir, cmp_dir, "random")) return std::nullopt;
    const auto bench_ranks = load_ranks(bench_dir / "random");
    const auto cmp_ranks = load_ranks(cmp_dir / "random");
    std::set<long long> ranks;
    for (const auto& [rank, file] : bench_ranks) ranks.insert(rank);
    for (const auto& [rank, file] : cmp_ranks) ranks.insert(rank);

    CheckerResult result{
        "random",
        CheckLevel::Pass,
        {{"op", "rank", "bench_stack", "cmp_stack", "bench_count", "cmp_count", "check_result"}, {}, {}}};
    const auto add = [&](std::string_view op, long long rank, report::Cell bench_stack, report::Cell cmp_stack,
                         report::Cell bench_count, report::Cell cmp_count, bool same) {
        if (!same) result.pass_check = CheckLevel::Error;
        result.table.rows.push_back({std::string(op), static_cast<double>(rank), std::move(bench_stack),
                                     std::move(cmp_stack), std::move(bench_count), std::move(cmp_count),
                                     report::Cell::boolean(same)});
    };
    for (const long long rank : ranks) {
        const auto bench_file = bench_ranks.find(rank);
        const auto cmp_file = cmp_ranks.find(rank);
        const dump::JsonView bench =
            bench_file == bench_ranks.end() ? dump::JsonView() : bench_file->second.json.root();
        const dump::JsonView cmp = cmp_file == cmp_ranks.end() ? dump::JsonView() : cmp_file->second.json.root();
        // msprobe takes the operations of both sides in a Python set's order; here in name order.
        std::set<std::string_view> ops;
        for (const auto& member : bench.members()) ops.insert(member.name);
        for (const auto& member : cmp.members()) ops.insert(member.name);
        for (const std::string_view op : ops) {
            const auto bench_entries =
                entries_of(bench.member(op), bench_file == bench_ranks.end() ? "" : bench_file->second.path, op);
            const auto cmp_entries =
                entries_of(cmp.member(op), cmp_file == cmp_ranks.end() ? "" : cmp_file->second.path, op);
            for (const Entry& b : bench_entries) {
                const Entry* matched = nullptr;
                for (const Entry& c : cmp_entries) {
                    if (stacks_match(c.stack, b.stack)) {
                        matched = &c;
                        break;
                    }
                }
                if (matched != nullptr) {
                    add(op, rank, joined(b.stack), joined(matched->stack), json_cell(b.count),
                        json_cell(matched->count), dump::python_equal(b.count, matched->count));
                } else {
                    add(op, rank, joined(b.stack), kNoMatch, json_cell(b.count), 0.0, false);
                }
            }
            for (const Entry& c : cmp_entries) {
                bool matched = false;
                for (const Entry& b : bench_entries) matched = matched || stacks_match(b.stack, c.stack);
                if (!matched) add(op, rank, kNoMatch, joined(c.stack), 0.0, json_cell(c.count), false);
            }
        }
    }
    return result;
}

}  // namespace msprobe::config_check
