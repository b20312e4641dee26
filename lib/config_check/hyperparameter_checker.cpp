// The hyperparameters checker: hyperparameters/hyperparameters_static.json (from the scripts given to -d) and
// hyperparameters_dynamic.json (Megatron's arguments), each compared by name: the same name, a name of msprobe's
// alias table (resource/hyperparameter.yaml), or the most similar name above a difflib ratio of 0.8.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/error.hpp"
#include "common/python_str.hpp"
#include "common/python_text.hpp"
#include "config_check/checker_support.hpp"
#include "config_check/json_cell.hpp"
#include "config_check/pack_checkers.hpp"
#include "config_check/sequence_matcher.hpp"
#include "dump/json_file.hpp"
#include "dump/python_equality.hpp"
#include "dump/python_value.hpp"

namespace msprobe::config_check {

namespace {

struct Aliases {
    std::string_view canonical;
    std::vector<std::string_view> aliases;
};

// resource/hyperparameter.yaml, in its order.
const std::vector<Aliases>& alias_table() {
    static const std::vector<Aliases> kTable = {
        {"learning_rate", {"lr", "learningrate"}},         {"batch_size", {"batch", "bs", "batch_size_per_gpu"}},
        {"epochs", {"num_epochs", "max_epochs", "epoch"}}, {"weight_decay", {"wd", "weightdecay"}},
        {"dropout_rate", {"dropout", "drop_rate"}},        {"compute_dtype", {"bf16", "fp32"}},
        {"residual_dtype", {"fp32_residual_connection"}},  {"softmax_compute_dtype", {"attention_softmax_in_fp32"}},
    };
    return kTable;
}

// refine_json_keys: the last dotted part with "-" as "_" → the key as written; a later key of the same short
// name takes the place of an earlier one.
using ShortNames = std::vector<std::pair<std::string, std::string>>;

ShortNames short_names(dump::JsonView params) {
    ShortNames names;
    for (const auto& member : params.members()) {
        const auto parts = py::split(member.name, '.');
        std::string short_name = py::replace_all(parts.back(), "-", "_");
        const auto found =
            std::find_if(names.begin(), names.end(), [&](const auto& n) { return n.first == short_name; });
        if (found != names.end()) {
            found->second = std::string(member.name);
        } else {
            names.emplace_back(std::move(short_name), std::string(member.name));
        }
    }
    return names;
}

const std::string* original_of(const ShortNames& names, std::string_view short_name) {
    const auto found = std::find_if(names.begin(), names.end(), [&](const auto& n) { return n.first == short_name; });
    return found == names.end() ? nullptr : &found->second;
}

std::string lower(std::string_view text) {
    std::string out(text);
    for (char& c : out) {
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    return out;
}

struct Match {
    std::string short_name;
    std::string matched_with;
};

// _fuzzy_match_parameter.
std::optional<Match> match_name(const std::string& name, const ShortNames& available) {
    if (original_of(available, name)) return Match{name, "pure name"};
    for (const auto& entry : alias_table()) {
        if (name != entry.canonical &&
            std::find(entry.aliases.begin(), entry.aliases.end(), name) == entry.aliases.end()) {
            continue;
        }
        if (original_of(available, entry.canonical)) return Match{std::string(entry.canonical), "mapping"};
        for (const std::string_view alias : entry.aliases) {
            if (original_of(available, alias)) return Match{std::string(alias), "mapping"};
        }
        break;
    }
    std::optional<Match> best;
    double best_ratio = 0.8;
    const std::string lowered = lower(name);
    for (const auto& [short_name, original] : available) {
        const double ratio = sequence_ratio(lowered, lower(short_name));
        if (ratio > best_ratio) {
            best_ratio = ratio;
            best = Match{short_name, ""};
        }
    }
    if (best) best->matched_with = "similarity:" + py::float_repr(best_ratio);
    return best;
}

// to_str_if_number: a bool or number as Python's str() of it, anything else as it is.
struct ShownValue {
    std::optional<std::string> text;  // set: a string or a number's text
    dump::JsonView raw;               // otherwise: None, a list or a dict

    report::Cell cell() const { return text ? report::Cell(*text) : json_cell(raw); }
    bool operator==(const ShownValue& other) const {
        if (text || other.text) return text == other.text;
        return dump::python_equal(raw, other.raw);
    }
};

ShownValue shown(dump::JsonView value) {
    if (value.is_string()) return {std::string(value.text()), {}};
    if (value.is_bool() || value.is_number()) return {dump::python_str(value), {}};
    return {std::nullopt, value};
}

using Row = std::vector<report::Cell>;

std::vector<Row> compare_file(dump::JsonView bench, dump::JsonView cmp, const std::string& file_name) {
    const ShortNames bench_names = short_names(bench);
    const ShortNames cmp_names = short_names(cmp);
    std::vector<std::string> unmatched_cmp;  // the cmp keys not matched yet, in order
    for (const auto& member : cmp.members()) unmatched_cmp.emplace_back(member.name);
    std::vector<Row> rows;
    for (const auto& [bench_short, bench_original] : bench_names) {
        const ShownValue bench_value = shown(bench.member(bench_original));
        const auto match = match_name(bench_short, cmp_names);
        const std::string* cmp_original = match ? original_of(cmp_names, match->short_name) : nullptr;
        if (cmp_original != nullptr && !cmp_original->empty()) {
            // A cmp name matched twice is compared again (msprobe stops with a KeyError on the second match).
            const ShownValue cmp_value = shown(cmp.member(*cmp_original));
            if (!(bench_value == cmp_value)) {
                rows.push_back({file_name, bench_original, *cmp_original, bench_value.cell(), cmp_value.cell(),
                                match->matched_with, level_text(CheckLevel::Error)});
            }
            std::erase(unmatched_cmp, *cmp_original);
        } else {
            rows.push_back({file_name, bench_original, "Only in benchmark", bench_value.cell(), "", "",
                            level_text(CheckLevel::Warning)});
        }
    }
    for (const std::string& name : unmatched_cmp) {
        rows.push_back({file_name, "Only in comparison", name, "", json_cell(cmp.member(name)), "",
                        level_text(CheckLevel::Warning)});
    }
    // all_diffs.sort(): rows compared as lists; their first three texts always tell them apart.
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
        for (std::size_t i = 0; i < 3; ++i) {
            if (a[i].text() != b[i].text()) return a[i].text() < b[i].text();
        }
        return false;
    });
    return rows;
}

}  // namespace

std::optional<CheckerResult> check_hyperparameters(const fs::path& bench_dir, const fs::path& cmp_dir) {
    if (!both_have(bench_dir, cmp_dir, "hyperparameters")) return std::nullopt;
    CheckerResult result{
        "hyperparameters",
        CheckLevel::Pass,
        {{"file_name", "bench_para", "cmp_para", "bench_value", "cmp_value", "matched_with", "level"}, {}, {}}};
    for (const char* file_name : {"hyperparameters_static.json", "hyperparameters_dynamic.json"}) {
        const fs::path bench_file = bench_dir / "hyperparameters" / file_name;
        const fs::path cmp_file = cmp_dir / "hyperparameters" / file_name;
        if (!fs::is_regular_file(bench_file) || !fs::is_regular_file(cmp_file)) continue;
        const auto bench = dump::JsonFile::load(bench_file);
        const auto cmp = dump::JsonFile::load(cmp_file);
        if (!bench.root().is_object()) throw Error(bench_file.string(), "is not a JSON object");
        if (!cmp.root().is_object()) throw Error(cmp_file.string(), "is not a JSON object");
        for (auto& row : compare_file(bench.root(), cmp.root(), file_name)) {
            if (row.back().text() == level_text(CheckLevel::Error)) result.pass_check = CheckLevel::Error;
            if (row.back().text() == level_text(CheckLevel::Warning) && result.pass_check == CheckLevel::Pass) {
                result.pass_check = CheckLevel::Warning;
            }
            result.table.rows.push_back(std::move(row));
        }
    }
    return result;
}

}  // namespace msprobe::config_check
